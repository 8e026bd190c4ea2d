/**
 * A 1 GB upload goes through the gateway without the gateway's memory growing with it. The gateway runs
 * in its own process so its RSS is not mixed with the test's client and the test service.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { ChildMessage, ParentMessage } from './helpers/run-gateway.js';
import { gatewayEnv, startServicePeers, urlsOf, type Peers } from './helpers/peers.js';
import { MB, reusedChunkBody } from './helpers/streams.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoDir = path.resolve(here, '../../..');
const GB = 1024 * MB;
const MAX_GROWTH = 50 * MB;

let peers: Peers;
let child: ChildProcess;
let gatewayUrl: string;

function ask(message: ParentMessage): Promise<Extract<ChildMessage, { type: 'memory' }>> {
  const answer = new Promise<Extract<ChildMessage, { type: 'memory' }>>((resolve) => {
    const onMessage = (reply: ChildMessage) => {
      if (reply.type !== 'memory') return;
      child.off('message', onMessage);
      resolve(reply);
    };
    child.on('message', onMessage);
  });
  child.send(message);
  return answer;
}

beforeAll(async () => {
  peers = await startServicePeers({
    course: {
      routes: (router) => {
        router.post('/api/upload-video', (req, res) => {
          let bytes = 0;
          req.on('data', (chunk: Buffer) => (bytes += chunk.length));
          req.on('end', () => res.status(201).json({ bytes }));
        });
      },
    },
  });
  const { NODE_OPTIONS: _ignored, ...parentEnv } = process.env;
  child = fork(path.join(here, 'helpers', 'run-gateway.ts'), [], {
    cwd: repoDir,
    execArgv: ['--conditions=@platform/source', '--import', 'tsx'],
    env: { ...parentEnv, ...gatewayEnv(urlsOf(peers)) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const [message] = (await Promise.race([
    once(child, 'message'),
    once(child, 'exit').then(([code]) =>
      Promise.reject(new Error(`gateway child exited with ${String(code)}`)),
    ),
  ])) as [ChildMessage];
  if (message.type !== 'listening') throw new Error(`unexpected first message ${message.type}`);
  gatewayUrl = message.url;
}, 30_000);

afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = once(child, 'exit');
    child.send({ type: 'stop' } satisfies ParentMessage);
    await exited;
  }
  await peers?.closeAll();
});

function upload(totalBytes: number): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${gatewayUrl}/api/upload-video`, {
      method: 'POST',
      agent: false,
      headers: { 'content-type': 'video/mp4', 'content-length': String(totalBytes) },
    });
    req.on('error', reject);
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString()) }),
      );
    });
    reusedChunkBody(totalBytes).pipe(req);
  });
}

describe('memory while streaming an upload', () => {
  it('streams 1 GB through the gateway with its memory growing by less than 50 MB', async () => {
    // Warm up (JIT, sockets, the buffers of the first requests); the steady state is the peak it reaches.
    const idle = await ask({ type: 'reset-peak' });
    expect(await upload(128 * MB)).toEqual({ status: 201, body: { bytes: 128 * MB } });
    const warm = await ask({ type: 'memory' });

    const started = Date.now();
    expect(await upload(GB)).toEqual({ status: 201, body: { bytes: GB } });
    const seconds = (Date.now() - started) / 1000;

    const after = await ask({ type: 'memory' });
    const growth = after.peakRss - warm.peakRss;
    const mb = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;
    console.info(
      `1 GB upload through the gateway in ${seconds.toFixed(1)} s; gateway RSS idle ${mb(idle.rss)}, ` +
        `peak while warming up (128 MB) ${mb(warm.peakRss)}, peak during 1 GB ${mb(after.peakRss)}: growth ${mb(growth)}`,
    );
    expect(growth).toBeLessThan(MAX_GROWTH);
  }, 60_000);
});
