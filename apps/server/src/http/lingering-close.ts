import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';

/**
 * How much of a refused body is read and thrown away after the answer, at most: what a client
 * has in flight before it reads the answer and stops (Node's fetch over loopback sends some
 * 5 MB more), with room to spare. Nothing of it is kept.
 */
export const DISCARD_BYTES = 16 * 1024 * 1024;
/** How long the socket waits for the client to stop sending, at most. */
export const DISCARD_MS = 5_000;

/**
 * Ends the connection after the answer to a request whose body was refused unread (a 413)
 * without losing that answer. Node destroys such a socket as soon as the answer is written; the
 * client, still sending, then gets a reset, and its kernel throws away the answer it has not read
 * yet (Node's fetch reports EPIPE instead of the 413). Like nginx's lingering close, our side
 * ends (FIN) and goes on reading, discarding, until the client hangs up, and for at most
 * DISCARD_BYTES and DISCARD_MS, so a client cannot make it read forever.
 */
export function closeAfterAnswer(request: IncomingMessage) {
  const socket = request.socket as Socket & { destroySoon?: () => void };
  let discarded = 0;
  request.on('data', (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > DISCARD_BYTES) socket.destroy();
  });
  // What Node calls once an answer that closes the connection is written.
  socket.destroySoon = () => {
    socket.end();
    const timer = setTimeout(() => socket.destroy(), DISCARD_MS).unref();
    socket.once('close', () => clearTimeout(timer));
  };
}
