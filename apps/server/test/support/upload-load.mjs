// A client in its own process, so that its work does not count against the server's event
// loop: opens a ticket with the most files a message may carry (5 of 10 MB, text, so every
// byte is checked), then downloads them all at once. Prints the ticket as JSON.
const { BASE_URL, COOKIE } = process.env;
const FILE_BYTES = 10 * 1024 * 1024;

const body = new FormData();
body.append('subject', 'Logs of the outage');
body.append('category', 'technical');
body.append('severity', 'normal');
body.append('body', 'Five full logs of the outage, as large as allowed.');
for (let i = 0; i < 5; i++) {
  body.append('files', new Blob([Buffer.alloc(FILE_BYTES, 0x61 + i)]), `node-${i}.log`);
}
const opened = await fetch(`${BASE_URL}/api/support/tickets`, {
  method: 'POST',
  headers: { cookie: COOKIE },
  body,
});
if (opened.status !== 201) throw new Error(`upload: ${opened.status} ${await opened.text()}`);
const ticket = await opened.json();
const sizes = await Promise.all(
  ticket.messages[0].attachments.map(async (file) => {
    const response = await fetch(
      `${BASE_URL}/api/support/tickets/${ticket.id}/attachments/${file.id}`,
      { headers: { cookie: COOKIE } },
    );
    let bytes = 0;
    for await (const chunk of response.body) bytes += chunk.length;
    return bytes;
  }),
);
process.stdout.write(JSON.stringify({ ticketId: ticket.id, sizes }));
