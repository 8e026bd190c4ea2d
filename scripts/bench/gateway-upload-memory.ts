/**
 * Benchmark: a 1 GB upload through the gateway, and how much the gateway's memory grows with it. The
 * gateway runs in its own process so its RSS is not mixed with this client's or the receiving service's.
 * Printed, never asserted. Run by `npm run bench` (node --conditions=@platform/source --import tsx).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ChildMessage, ParentMessage } from '../../gateway/src/__tests__/helpers/run-gateway.js';
import { gatewayEnv, startServicePeers, urlsOf } from '../../gateway/src/__tests__/helpers/peers.js';
import { MB, reusedChunkBody } from '../../gateway/src/__tests__/helpers/streams.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoDir = path.resolve(here, '../..');
const gatewayHelpers = path.join(repoDir, 'gateway', 'src', '__tests__', 'helpers');
const GB = 1024 * MB;

const peers = await startServicePeers({
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
const child: ChildProcess = fork(path.join(gatewayHelpers, 'run-gateway.ts'), [], {
  cwd: repoDir,
  execArgv: ['--conditions=@platform/source', '--import', 'tsx'],
  env: { ...parentEnv, ...gatewayEnv(urlsOf(peers)), LOG_LEVEL: 'silent' },
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
});
const [first] = (await once(child, 'message')) as [ChildMessage];
if (first.type !== 'listening') throw new Error(`unexpected first message ${first.type}`);
const gatewayUrl = first.url;

function ask(message: ParentMessage): Promise<Extract<ChildMessage, { type: 'memory' }>> {
  return new Promise((resolve) => {
    const onMessage = (reply: ChildMessage) => {
      if (reply.type !== 'memory') return;
      child.off('message', onMessage);
      resolve(reply);
    };
    child.on('message', onMessage);
    child.send(message);
  });
}

function upload(totalBytes: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${gatewayUrl}/api/upload-video`, {
      method: 'POST',
      agent: false,
      headers: { 'content-type': 'video/mp4', 'content-length': String(totalBytes) },
    });
    req.on('error', reject);
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    reusedChunkBody(totalBytes).pipe(req);
  });
}

const mb = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;
try {
  const idle = await ask({ type: 'reset-peak' });
  // Warm up (JIT, sockets, the first buffers); the steady state is the peak it reaches.
  await upload(128 * MB);
  const warm = await ask({ type: 'memory' });
  const started = performance.now();
  const status = await upload(GB);
  const seconds = (performance.now() - started) / 1000;
  const after = await ask({ type: 'memory' });
  console.log(
    `gateway, 1 GB upload (status ${status}): ${seconds.toFixed(1)} s (${(1024 / seconds).toFixed(0)} MB/s); ` +
      `RSS idle ${mb(idle.rss)}, peak after 128 MB warm-up ${mb(warm.peakRss)}, peak during 1 GB ` +
      `${mb(after.peakRss)}: growth ${mb(after.peakRss - warm.peakRss)} (target < 50 MB)`,
  );
} finally {
  const exited = once(child, 'exit');
  child.send({ type: 'stop' } satisfies ParentMessage);
  await exited;
  await peers.closeAll();
}
