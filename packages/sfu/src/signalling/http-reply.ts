import type { Duplex } from 'node:stream';

/** A plain HTTP answer on a socket that asked to upgrade (the upgrade is refused). */
export function replyAndClose(socket: Duplex, status: 401 | 404, message: string): void {
  const text = status === 401 ? 'Unauthorized' : 'Not Found';
  const body = Buffer.from(message);
  socket.end(
    `HTTP/1.1 ${status} ${text}\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${body.length}\r\n` +
      `Connection: close\r\n\r\n${message}`,
  );
}
