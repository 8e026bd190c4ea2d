/**
 * A request whose body stops arriving is cut, so that it gives its place among the requests in flight
 * (overload/shed-load.ts) back: otherwise a client that sends the headers of an upload and then nothing
 * holds a place for as long as it keeps the connection open, and a few such clients take every place.
 * A body that waits for the service to read it is not the client's delay and is never cut. Both the
 * proxied and the in-process (embedded) paths.
 */
import { once } from 'node:events';
import net from 'node:net';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import express, { type Router } from 'express';
import { loadGatewayConfig } from '../config.js';
import { startGateway, type RunningGateway } from '../server.js';
import type { InProcessServices } from '../upstream/api-proxy.js';
import { request } from './helpers/http-client.js';
import { gatewayEnv, startServicePeers, urlsOf, type Peers } from './helpers/peers.js';
import { generatedBody, MB } from './helpers/streams.js';

const IDLE_MS = 500;
// More than the socket buffers and the streams' marks between the browser and the service can hold, so
// the browser cannot finish sending while the service is not reading.
const LARGE_BODY = 16 * MB;

/** The consultation service's routes in these tests: a form that reads its body, and a slow reader. */
function consultationRoutes(arrived: (path: string) => void): (router: Router) => void {
  return (router) => {
    router.post('/api/contact', (req, res) => {
      arrived(req.path);
      let size = 0;
      req.on('data', (chunk: Buffer) => (size += chunk.length));
      req.on('end', () => res.json({ received: size }));
    });
    // Reads nothing until well after the gateway's idle limit has passed several times.
    router.post('/api/consultations/slow-reader', (req, res) => {
      arrived(req.path);
      setTimeout(() => {
        let size = 0;
        req.on('data', (chunk: Buffer) => (size += chunk.length));
        req.on('end', () => res.status(201).json({ received: size }));
      }, 4 * IDLE_MS);
    });
  };
}

describe.each([{ mode: 'proxied' }, { mode: 'in-process' }])(
  'a body that stops arriving ($mode)',
  ({ mode }) => {
    let peers: Peers;
    let gateway: RunningGateway;
    const waiting: Array<{ path: string; resolve: () => void }> = [];
    const arrived = (path: string) => {
      for (const entry of waiting.splice(0)) if (entry.path === path) entry.resolve();
    };
    const arrival = (path: string) => new Promise<void>((resolve) => waiting.push({ path, resolve }));

    beforeAll(async () => {
      peers = await startServicePeers(
        mode === 'proxied' ? { consultation: { routes: consultationRoutes(arrived) } } : {},
      );
      let inProcess: InProcessServices = {};
      if (mode === 'in-process') {
        const consultation = express();
        const router = express.Router();
        consultationRoutes(arrived)(router);
        consultation.use(router);
        inProcess = { consultation };
      }
      // One place in flight: the stalled request holds the only one.
      gateway = await startGateway(loadGatewayConfig(gatewayEnv(urlsOf(peers), { MAX_IN_FLIGHT: '1' })), {
        inProcess,
        clientBodyIdleMs: IDLE_MS,
      });
    });

    afterAll(async () => {
      await gateway?.close();
      await peers?.closeAll();
    });

    it('is cut once nothing more comes, and its place goes to the next request', async () => {
      const reached = arrival('/api/contact');
      const socket = net.connect(gateway.port, '127.0.0.1');
      socket.on('error', () => undefined);
      socket.write(
        'POST /api/contact HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
          'Content-Length: 1000\r\n\r\n{"name":',
      );
      await reached;
      // The stalled request holds the one place.
      const meanwhile = await request(`${gateway.url}/api/courses`);
      expect(meanwhile.status).toBe(503);

      await once(socket, 'close');
      const after = await request(`${gateway.url}/api/courses`);
      expect(after.status).toBe(200);
    });

    it('is not cut while it keeps coming, however slowly', async () => {
      const pieces = 8;
      // A byte at a fifth of the idle limit, for longer than the limit in all.
      const trickle = Readable.from(
        (async function* () {
          for (let piece = 0; piece < pieces; piece += 1) {
            yield Buffer.from('x');
            await new Promise((resolve) => setTimeout(resolve, IDLE_MS / 5));
          }
        })(),
      );
      const answer = await request(`${gateway.url}/api/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/octet-stream', 'content-length': String(pieces) },
        body: trickle,
      });
      expect(answer.status).toBe(200);
      expect(answer.json()).toEqual({ received: pieces });
    });

    it('is not cut while the service is the one not reading it', async () => {
      const answer = await request(`${gateway.url}/api/consultations/slow-reader`, {
        method: 'POST',
        headers: { 'content-type': 'application/octet-stream', 'content-length': String(LARGE_BODY) },
        body: generatedBody(LARGE_BODY),
      });
      expect(answer.status).toBe(201);
      expect(answer.json()).toEqual({ received: LARGE_BODY });
    });
  },
);
