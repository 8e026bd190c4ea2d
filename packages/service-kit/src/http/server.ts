/** Listen, and shut down gracefully: stop accepting, let in-flight requests finish, close idle sockets. */
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
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
