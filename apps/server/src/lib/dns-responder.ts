import dgram from 'node:dgram';

/**
 * A small authoritative DNS server over UDP that answers TXT questions from a function: the
 * tests' local DNS server, and the development server's (DNS_RESOLVER=embedded), so a domain
 * can be proven on a machine that owns none. It speaks the real protocol: the platform's
 * resolver asks it exactly as it asks a public one. Other question types get an empty answer.
 */
export interface DnsResponder {
  port: number;
  /** `127.0.0.1:<port>`, the form DNS_RESOLVER takes. */
  address: string;
  close(): Promise<void>;
}

type TxtSource = (name: string) => string[] | null | Promise<string[] | null>;

const TYPE_TXT = 16;

function readName(message: Buffer, start: number): { name: string; end: number } {
  const labels: string[] = [];
  let offset = start;
  for (;;) {
    const length = message[offset];
    if (length === undefined) throw new Error('truncated question');
    offset += 1;
    if (length === 0) break;
    labels.push(message.subarray(offset, offset + length).toString('latin1'));
    offset += length;
  }
  return { name: labels.join('.').toLowerCase(), end: offset };
}

function txtRdata(values: string[]): Buffer {
  // One character-string per value, split into 255-byte pieces as the format requires.
  const parts: Buffer[] = [];
  for (const value of values) {
    const bytes = Buffer.from(value, 'utf8');
    for (let at = 0; at < bytes.length || at === 0; at += 255) {
      const piece = bytes.subarray(at, at + 255);
      parts.push(Buffer.from([piece.length]), piece);
      if (bytes.length === 0) break;
    }
  }
  return Buffer.concat(parts);
}

/**
 * The answer to one query: NXDOMAIN when the source knows no records of the name, SERVFAIL when
 * it throws.
 */
export async function answerQuery(query: Buffer, source: TxtSource): Promise<Buffer> {
  const id = query.readUInt16BE(0);
  const { name, end } = readName(query, 12);
  const type = query.readUInt16BE(end);
  const question = query.subarray(12, end + 4);
  // A source that fails answers SERVFAIL, as a broken upstream would.
  const records = await Promise.resolve()
    .then(() => source(name))
    .then(
      (found) => ({ found, failed: false }),
      () => ({ found: null, failed: true }),
    );
  const header = Buffer.alloc(12);
  header.writeUInt16BE(id, 0);
  // QR, opcode 0, AA, RD copied; RA; RCODE 3 (NXDOMAIN) or 2 (SERVFAIL) as above.
  const rd = query[2]! & 0x01;
  header[2] = 0x84 | rd;
  header[3] = 0x80 | (records.failed ? 2 : records.found === null ? 3 : 0);
  header.writeUInt16BE(1, 4);
  const answers =
    records.found && type === TYPE_TXT
      ? records.found.map((value) => {
          const rdata = txtRdata([value]);
          const fixed = Buffer.alloc(12);
          fixed.writeUInt16BE(0xc00c, 0); // the name: a pointer to the question's
          fixed.writeUInt16BE(TYPE_TXT, 2);
          fixed.writeUInt16BE(1, 4); // class IN
          fixed.writeUInt32BE(60, 6);
          fixed.writeUInt16BE(rdata.length, 10);
          return Buffer.concat([fixed, rdata]);
        })
      : [];
  header.writeUInt16BE(answers.length, 6);
  return Buffer.concat([header, question, ...answers]);
}

/**
 * Starts the server on a loopback port (0: any free one). `unref`: it does not keep the process
 * alive (the development server's, which lives as long as the process).
 */
export function startDnsResponder(
  source: TxtSource,
  options: { port?: number; unref?: boolean } = {},
): Promise<DnsResponder> {
  const socket = dgram.createSocket('udp4');
  socket.on('message', (query, remote) => {
    answerQuery(query, source).then(
      (answer) => socket.send(answer, remote.port, remote.address),
      // A malformed packet gets no answer, as from any server.
      () => undefined,
    );
  });
  return new Promise((resolve, reject) => {
    socket.once('error', reject);
    socket.bind(options.port ?? 0, '127.0.0.1', () => {
      if (options.unref) socket.unref();
      const bound = socket.address().port;
      resolve({
        port: bound,
        address: `127.0.0.1:${bound}`,
        close: () => new Promise<void>((done) => socket.close(() => done())),
      });
    });
  });
}
