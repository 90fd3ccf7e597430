import http from 'node:http';

// The floor every route is compared with: Node answering a fixed JSON and nothing else.
const body = JSON.stringify({ displayVersion: 'v1.5.0', version: '1.5.0', environment: 'bench' });
const server = http.createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
  res.end(body);
});
server.listen(Number(process.env.PORT), '127.0.0.1', () => process.send?.('ready'));
