/**
 * A local HTTP server for the provider adapters' tests: it stands in for api.stripe.com or PayPal's API,
 * records every request exactly as it arrived, and answers through a handler the test supplies.
 */
import { once } from 'node:events';
import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface FakeAnswer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export type FakeHandler = (request: RecordedRequest) => FakeAnswer | Promise<FakeAnswer>;

export interface RecordingServer {
  url: string;
  requests: RecordedRequest[];
  /** The requests to one path (and method), in order. */
  requestsTo(path: string, method?: string): RecordedRequest[];
  close(): Promise<void>;
}

export async function startRecordingServer(handler: FakeHandler): Promise<RecordingServer> {
  const requests: RecordedRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake.local');
      const recorded: RecordedRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(recorded);
      Promise.resolve()
        .then(() => handler(recorded))
        .then(
          (answer) => {
            res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
            res.end(answer.body === undefined ? '' : JSON.stringify(answer.body));
          },
          (error: unknown) => {
            res.writeHead(599, { 'content-type': 'text/plain' });
            res.end(`fake server failed: ${String(error)}`);
          },
        );
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    requestsTo: (path, method) => requests.filter((r) => r.path === path && (!method || r.method === method)),
    close: async () => {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}

/**
 * A provider's API played on a recording server: the subclass answers each request the way the provider
 * would; the fake keeps the requests it replays and numbers the ids it makes up.
 */
export abstract class FakeProviderApi {
  /** Answers waiting to be given instead of the normal one (first in, first out). */
  readonly failures: FakeAnswer[] = [];
  /** First answers by request key, given again when the same request is repeated. */
  protected readonly replays = new Map<string, FakeAnswer>();
  protected count = 0;
  server!: RecordingServer;

  /** A fake of the calling class, listening. */
  static async start<T extends FakeProviderApi>(this: new () => T): Promise<T> {
    const api = new this();
    await api.listen();
    return api;
  }

  /** Starts the recording server the fake answers on. */
  async listen(): Promise<void> {
    this.server = await startRecordingServer((request) => this.answer(request));
  }

  get url(): string {
    return this.server.url;
  }

  close(): Promise<void> {
    return this.server.close();
  }

  protected abstract answer(request: RecordedRequest): FakeAnswer;
}

/** A port nothing listens on: a server that was started and closed again. */
export async function closedPortUrl(): Promise<string> {
  const server = http.createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  server.close();
  await once(server, 'close');
  return `http://127.0.0.1:${port}`;
}
