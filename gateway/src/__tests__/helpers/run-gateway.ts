/**
 * Child-process entry for tests that measure the gateway on its own: starts it from the environment,
 * reports its URL over IPC, and answers `memory` messages with its RSS now and at its peak since the
 * last `reset-peak`. Run with `node --conditions=@platform/source --import tsx`.
 */
import { loadGatewayConfig } from '../../config.js';
import { startGateway } from '../../server.js';

export type ParentMessage = { type: 'memory' } | { type: 'reset-peak' } | { type: 'stop' };
export type ChildMessage =
  { type: 'listening'; url: string } | { type: 'memory'; rss: number; peakRss: number; heapUsed: number };

const send = (message: ChildMessage) => process.send?.(message);

const gateway = await startGateway(loadGatewayConfig(process.env));
let peakRss = process.memoryUsage.rss();
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage.rss());
}, 10);

process.on('message', (message: ParentMessage) => {
  if (message.type === 'reset-peak') {
    peakRss = process.memoryUsage.rss();
    send({ type: 'memory', rss: peakRss, peakRss, heapUsed: process.memoryUsage().heapUsed });
  } else if (message.type === 'memory') {
    const { rss, heapUsed } = process.memoryUsage();
    peakRss = Math.max(peakRss, rss);
    send({ type: 'memory', rss, peakRss, heapUsed });
  } else if (message.type === 'stop') {
    clearInterval(sampler);
    void gateway.close().then(() => process.exit(0));
  }
});
process.on('disconnect', () => process.exit(0));

send({ type: 'listening', url: gateway.url });
