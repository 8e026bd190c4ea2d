/** Listen, and shut down gracefully: stop accepting, let in-flight requests finish, close idle sockets. */
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { Express } from 'express';

export interface RunningServer {
  server: http.Server;
  port: number;
  url: string;
  /** Resolves once every connection is closed, or after `timeoutMs` by force. */
  close(timeoutMs?: number): Promise<void>;
}

export async function listen(
  app: Express | http.RequestListener,
  port: number,
  host: string,
): Promise<RunningServer> {
  const server = http.createServer(app);
  // Keep-alive from the gateway's agent: outlive its idle timeout so we never close a socket it is reusing.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  server.requestTimeout = 0; // uploads of large videos may take long; inactivity is handled by the gateway
  server.on('clientError', answerUnreadableRequest);
  server.listen(port, host);
  await once(server, 'listening');
  const address = server.address() as AddressInfo;
  const shownHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  let closing: Promise<void> | undefined;
  return {
    server,
    port: address.port,
    url: `http://${shownHost}:${address.port}`,
    close: (timeoutMs = 10_000) => {
      closing ??= closeGracefully(server, timeoutMs);
      return closing;
    },
  };
}

async function closeGracefully(server: http.Server, timeoutMs: number): Promise<void> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  // Connections that finish their request become idle; close them as they do.
  const sweeper = setInterval(() => server.closeIdleConnections(), 100);
  const timer = setTimeout(() => server.closeAllConnections(), timeoutMs);
  try {
    await closed;
  } finally {
    clearInterval(sweeper);
    clearTimeout(timer);
  }
}

/** How long a connection whose request could not be read stays open to take in the rest of that request. */
const UNREADABLE_REQUEST_DRAIN_MS = 2_000;

/**
 * A request Node's parser refuses (a request line or headers over its 16 KB limit, bytes that are not
 * HTTP) is answered 431 or 400 with a JSON message, as every other refusal is. Node's own answer destroys
 * the socket right after writing it: with the rest of a long request still arriving, the closed socket
 * makes the machine reset the connection, and the client often never reads the answer (it sees the
 * connection fail instead). Here the answer is written, the sending side closed, and what the client
 * still sends is read and dropped until it stops or for at most 2 s.
 */
function answerUnreadableRequest(error: NodeJS.ErrnoException, socket: Socket): void {
  // As Node's own handler: no answer once an answer to an earlier request on this connection has begun.
  const inFlight = (socket as Socket & { _httpMessage?: http.ServerResponse | null })._httpMessage;
  if (error.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) {
    socket.destroy();
    return;
  }
  const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  const body = JSON.stringify({
    message:
      status === 431
        ? 'The address or the headers of this request are too long.'
        : 'This request could not be read.',
  });
  // The parser that failed stays attached and would report every further piece as another error.
  socket.removeAllListeners('data');
  socket.on('data', () => undefined);
  socket.end(
    `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\n` +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      'Connection: close\r\n\r\n' +
      body,
  );
  setTimeout(() => socket.destroy(), UNREADABLE_REQUEST_DRAIN_MS).unref();
}
