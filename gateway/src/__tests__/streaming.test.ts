import { createHash } from 'node:crypto';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { RunningGateway } from '../server.js';
import { startTestGateway } from './helpers/gateway.js';
import { request } from './helpers/http-client.js';
import { gatewayEnv, startServicePeers, urlsOf, type Peers } from './helpers/peers.js';
import { digestOf, generatedBody, MB, type Digest } from './helpers/streams.js';

const BIG = 200 * MB;
const CLIP = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251));

let peers: Peers;
let gateway: RunningGateway;
let lastDownloadSent: Promise<Digest> | undefined;

beforeAll(async () => {
  peers = await startServicePeers({
    course: {
      routes: (router) => {
        router.post('/api/upload-video', async (req, res) => {
          const digest = await digestOf(req);
          res.status(201).json({ ...digest, expect: req.get('expect') ?? null });
        });
        // A tus PATCH (resumable lesson-video uploads): the body and the tus headers pass untouched.
        router.patch('/api/uploads/:id', async (req, res) => {
          const digest = await digestOf(req);
          res
            .status(204)
            .set({
              'Tus-Resumable': '1.0.0',
              'Upload-Offset': String(Number(req.get('upload-offset')) + digest.bytes),
              'X-Received-Sha256': digest.sha256,
              'X-Received-Type': req.get('content-type') ?? '',
            })
            .end();
        });
        router.get('/api/video-stream/big.bin', (_req, res) => {
          res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(BIG) });
          const hash = createHash('sha256');
          let bytes = 0;
          const body = generatedBody(BIG, (chunk) => {
            hash.update(chunk);
            bytes += chunk.length;
          });
          lastDownloadSent = new Promise((resolve) =>
            body.on('end', () => resolve({ bytes, sha256: hash.digest('hex') })),
          );
          body.pipe(res);
        });
        router.get('/api/video-stream/clip.mp4', (req, res) => {
          const range = /^bytes=(\d+)-(\d+)$/.exec(req.get('range') ?? '');
          res.setHeader('content-type', 'video/mp4');
          res.setHeader('accept-ranges', 'bytes');
          if (!range) {
            res.end(CLIP);
            return;
          }
          const start = Number(range[1]);
          const end = Number(range[2]);
          res.status(206).setHeader('content-range', `bytes ${start}-${end}/${CLIP.length}`);
          res.end(CLIP.subarray(start, end + 1));
        });
      },
    },
  });
  gateway = await startTestGateway(gatewayEnv(urlsOf(peers)));
});

afterAll(async () => {
  await gateway?.close();
  await peers?.closeAll();
});

describe('large bodies stream through', () => {
  it('delivers a 200 MB upload to the service byte for byte', async () => {
    const hash = createHash('sha256');
    let bytes = 0;
    const body = generatedBody(BIG, (chunk) => {
      hash.update(chunk);
      bytes += chunk.length;
    });
    const res = await request(`${gateway.url}/api/upload-video`, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream', 'transfer-encoding': 'chunked' },
      body,
    });
    expect(res.status).toBe(201);
    expect(res.json()).toEqual({ bytes: BIG, sha256: hash.digest('hex'), expect: null });
    expect(bytes).toBe(BIG);
  });

  it('streams a tus PATCH to the course service and its tus headers back', async () => {
    const hash = createHash('sha256');
    const body = generatedBody(64 * MB, (chunk) => hash.update(chunk));
    const res = await request(`${gateway.url}/api/uploads/0f1e2d3c4b5a69788796a5b4c3d2e1f0`, {
      method: 'PATCH',
      headers: {
        'tus-resumable': '1.0.0',
        'upload-offset': String(MB),
        'content-type': 'application/offset+octet-stream',
        'content-length': String(64 * MB),
      },
      body,
    });
    expect(res.status).toBe(204);
    expect(res.headers['tus-resumable']).toBe('1.0.0');
    expect(res.headers['upload-offset']).toBe(String(65 * MB));
    expect(res.headers['x-received-sha256']).toBe(hash.digest('hex'));
    expect(res.headers['x-received-type']).toBe('application/offset+octet-stream');
  });

  it('delivers a 200 MB download to the browser byte for byte', async () => {
    const received = await new Promise<Digest>((resolve, reject) => {
      http
        .get(
          `${gateway.url}/api/video-stream/big.bin`,
          { agent: false, headers: { 'accept-encoding': 'br, gzip' } },
          (res) => {
            expect(res.statusCode).toBe(200);
            expect(res.headers['content-encoding']).toBeUndefined();
            expect(res.headers['content-length']).toBe(String(BIG));
            digestOf(res).then(resolve, reject);
          },
        )
        .on('error', reject);
    });
    expect(lastDownloadSent).toBeDefined();
    expect(received).toEqual(await lastDownloadSent);
    expect(received.bytes).toBe(BIG);
  });

  it('answers `Expect: 100-continue` itself and streams the body on', async () => {
    const answer = await new Promise<{ status: number; body: unknown }>((resolve, reject) => {
      const req = http.request(`${gateway.url}/api/upload-video`, {
        method: 'POST',
        agent: false,
        headers: { expect: '100-continue', 'content-length': String(MB) },
      });
      req.on('continue', () => req.end(Buffer.alloc(MB, 7)));
      req.on('response', (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString()) }),
        );
      });
      req.on('error', reject);
    });
    expect(answer).toEqual({
      status: 201,
      body: {
        bytes: MB,
        sha256: createHash('sha256').update(Buffer.alloc(MB, 7)).digest('hex'),
        expect: null,
      },
    });
  });
});

describe('byte ranges', () => {
  it('passes a Range request through and returns the service 206 untouched', async () => {
    const res = await request(`${gateway.url}/api/video-stream/clip.mp4`, {
      headers: { range: 'bytes=10-19', 'accept-encoding': 'br, gzip' },
    });
    expect(res.status).toBe(206);
    expect(res.headers['content-range']).toBe('bytes 10-19/1000');
    expect(res.headers['content-type']).toBe('video/mp4');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toEqual(CLIP.subarray(10, 20));
    expect(peers.course.seen.at(-1)?.headers.range).toBe('bytes=10-19');
  });

  it('never compresses a whole video either', async () => {
    const res = await request(`${gateway.url}/api/video-stream/clip.mp4`, {
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toEqual(CLIP);
  });
});
