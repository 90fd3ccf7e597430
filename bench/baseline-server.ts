import fs from 'node:fs';
import http from 'node:http';

// The floor every route is compared with: Node answering a fixed JSON and nothing else. A POST
// is read and parsed first, so a POST route is compared with the least a POST costs.
// BASELINE_BODY_FILE answers that file's bytes instead: the floor for an answer of that size.
const body = process.env.BASELINE_BODY_FILE
  ? fs.readFileSync(process.env.BASELINE_BODY_FILE)
  : JSON.stringify({ displayVersion: 'v1.5.0', version: '1.5.0', environment: 'bench' });
const server = http.createServer((req, res) => {
  const answer = () => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    res.end(body);
  };
  if (req.method !== 'POST') return answer();
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    JSON.parse(Buffer.concat(chunks).toString('utf8'));
    answer();
  });
});
server.listen(Number(process.env.PORT), '127.0.0.1', () => process.send?.('ready'));
