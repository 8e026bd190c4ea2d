/**
 * The process guard, in real child processes started from the sources (fixtures/guarded-services.ts):
 * in an embedded-like process with two services, an error that escapes a request of one (thrown by an
 * emitter from the request body's own callbacks, or from a timer) is answered 500 and logged under that
 * service, and both services go on answering; an unhandled rejection and an error outside any request
 * are logged and the process keeps running. A lone service (runMain) answers 500 and keeps running for
 * a request's error, and logs and exits 1 for one outside any request.
 */
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startWatchedProcess, type LogLine, type WatchedProcess } from '../../testing/watched-process.js';
import { INTERNAL_TOKEN_HEADER, signInternalToken } from '../../identity.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../../../..');
const fixture = path.join(here, 'fixtures', 'guarded-services.ts');
const SECRET = 'g'.repeat(40);

function startFixture(guard: 'embedded' | 'lone', dataDir: string): WatchedProcess {
  return startWatchedProcess(['--conditions=@platform/source', '--import', 'tsx', fixture], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      // The migrated PGlite template jest.config.js names: without it every start ran initdb and every
      // migration (7.9 s to the first request against 3.1 s, measured alone).
      PGLITE_TEMPLATE_CACHE: process.env.PGLITE_TEMPLATE_CACHE,
      GUARD: guard,
      DATA_DIR: dataDir,
      INTERNAL_TOKEN_SECRET: SECRET,
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'info',
    },
  });
}

/** Kills the fixture if it still runs, and removes its data folder. */
async function stopFixture(child: WatchedProcess | undefined, dataDir: string | undefined): Promise<void> {
  if (child && child.process.exitCode === null) {
    child.process.kill('SIGKILL');
    await child.exited;
  }
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
}

async function call(url: string, pathname: string): Promise<Response> {
  const token = await signInternalToken({ kind: 'anonymous' }, SECRET);
  return fetch(`${url}${pathname}`, { headers: { [INTERNAL_TOKEN_HEADER]: token } });
}

/**
 * POSTs a two-chunk body: the second chunk goes out only once the route says it is reading, so it
 * reaches the route through the connection's own callbacks. Resolves with the status line's code.
 */
async function postInTwoChunks(url: string, child: WatchedProcess): Promise<number | null> {
  const { hostname, port } = new URL(url);
  const token = await signInternalToken({ kind: 'anonymous' }, SECRET);
  const socket = net.connect({ host: hostname, port: Number(port) });
  const received: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => received.push(chunk));
  const closed = once(socket, 'close');
  const readingBody = () => child.lines.filter((line) => line.msg === 'trap: reading the body').length;
  const before = readingBody();
  socket.write(
    `POST /api/traps/body HTTP/1.1\r\nHost: ${hostname}:${port}\r\nConnection: close\r\n` +
      `${INTERNAL_TOKEN_HEADER}: ${token}\r\nContent-Type: text/plain\r\nContent-Length: 10\r\n\r\nfirst`,
  );
  await child.waitFor(() => readingBody() > before, 'the route reading the body');
  socket.write('later');
  await closed;
  const status = /^HTTP\/1\.1 (\d{3})/.exec(Buffer.concat(received).toString('latin1'))?.[1];
  return status ? Number(status) : null;
}

const escaped = (service: string, message: string) => (line: LogLine) =>
  line.msg === 'an error escaped a request; it was answered 500' &&
  line.service === service &&
  (line.err as { message?: string } | undefined)?.message === message;

describe('process guard in an embedded-like process (two services, one process)', () => {
  let dataDir: string;
  let child: WatchedProcess;
  let urls: { course: string; payment: string };

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'guard-embedded-'));
    child = startFixture('embedded', dataDir);
    const ready = await child.waitFor((line) => 'ready' in line, 'the two services to start');
    urls = ready.ready as typeof urls;
  }, 90_000);

  afterAll(() => stopFixture(child, dataDir));

  async function expectBothAnswer() {
    expect((await call(urls.course, '/api/hello')).status).toBe(200);
    expect((await call(urls.payment, '/api/hello')).status).toBe(200);
    expect(child.process.exitCode).toBeNull();
  }

  it('answers 500 to an error thrown by an emitter fed by the request body, and logs it under the service', async () => {
    expect(await postInTwoChunks(urls.course, child)).toBe(500);
    await child.waitFor(escaped('course', 'trap: an emitter fed by the request body'), 'the log line');
    await expectBothAnswer();
  });

  it('answers 500 to an error thrown by an emitter in a timer the request started', async () => {
    const response = await call(urls.course, '/api/traps/timer');
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ message: 'Internal server error' });
    await child.waitFor(escaped('course', 'trap: an emitter in a timer'), 'the log line');
    await expectBothAnswer();
  });

  it('logs an unhandled rejection under its service, and the request still answers', async () => {
    const response = await call(urls.course, '/api/traps/rejection');
    expect(response.status).toBe(200);
    await child.waitFor(
      (line) =>
        line.msg === 'unhandled promise rejection' &&
        line.service === 'course' &&
        (line.err as { message?: string }).message === 'trap: a rejected promise nobody waits for',
      'the log line',
    );
    await expectBothAnswer();
  });

  it('logs an error outside any request and keeps every service running', async () => {
    child.process.kill('SIGUSR2');
    const line = await child.waitFor(
      (entry) => entry.msg === 'uncaught exception outside any request',
      'the log line',
    );
    expect(line.service).toBe('embedded');
    expect((line.err as { message?: string }).message).toBe('trap: an error outside any request');
    await expectBothAnswer();
  });
});

describe('process guard of a lone service (runMain)', () => {
  let dataDir: string;
  let child: WatchedProcess;
  let url: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'guard-lone-'));
    child = startFixture('lone', dataDir);
    const started = await child.waitFor((line) => line.msg === 'service started', 'the service to start');
    url = started.url as string;
  }, 90_000);

  afterAll(() => stopFixture(child, dataDir));

  it('answers 500 to a request’s error and keeps serving', async () => {
    expect((await call(url, '/api/traps/timer')).status).toBe(500);
    await child.waitFor(escaped('course', 'trap: an emitter in a timer'), 'the log line');
    expect((await call(url, '/api/hello')).status).toBe(200);
  });

  it('logs an error outside any request, stops, and exits 1 for its supervisor to restart it', async () => {
    child.process.kill('SIGUSR2');
    const [code] = await child.exited;
    expect(code).toBe(1);
    const fatal = child.lines.find((line) => line.msg === 'uncaught exception outside any request');
    expect((fatal?.err as { message?: string } | undefined)?.message).toBe(
      'trap: an error outside any request',
    );
    expect(child.lines.some((line) => line.msg === 'shutting down')).toBe(true);
  });
});
