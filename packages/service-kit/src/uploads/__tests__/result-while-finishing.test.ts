/**
 * `GET /api/uploads/{id}/result` asked while the final PATCH is finishing the same upload. The
 * browser asks it when its final PATCH's answer was lost and its probe found the upload complete; the
 * server may still be finishing it then. A purpose's `findResult` that read its record just before the
 * finish committed answers null; the route then looks for the upload's bytes, which the finish has removed
 * meanwhile. It answers the record read again, not 404 for a file that was stored (the browser would report
 * the upload as failed, and the owner would send the whole file again).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import { systemClock } from '../../clock.js';
import { createServiceApp } from '../../http/app.js';
import { INTERNAL_TOKEN_HEADER, signInternalToken } from '../../identity.js';
import { createLogger } from '../../logger.js';
import { ResumableUploadStore } from '../resumable-upload-store.js';
import { defineUploadPurpose, mountResumableUploads } from '../resumable-uploads.js';

const SECRET = 'result-while-finishing-secret-0123456789';
const BYTES = Buffer.from('the whole walkthrough video, every byte of it');

function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

describe('a result asked for while the upload is being finished', () => {
  let dir: string;
  let server: Server;
  let base: string;
  /** What the purpose records for a finished upload (its "database"). */
  const recorded = new Map<string, { uploadId: string; size: number }>();
  const finishStarted = deferred();
  const finishMayEnd = deferred();
  const resultRead = deferred();
  const resultMayAnswer = deferred();

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'result-while-finishing-'));
    const logger = createLogger({ service: 'uploads-test', level: 'silent' });
    const store = new ResumableUploadStore({ directory: dir, clock: systemClock, expiryMs: 24 * 3600_000 });
    const app = createServiceApp({
      service: 'uploads-test',
      logger,
      internalTokenSecret: SECRET,
      readiness: {},
      routes: (router) =>
        mountResumableUploads(router, {
          path: '/api/uploads',
          store,
          logger,
          purposes: {
            consultation: defineUploadPurpose({
              idPrefix: 'cf',
              metadataSchema: z.object({ purpose: z.literal('consultation'), filename: z.string() }),
              maxBytes: () => 1024,
              tooLarge: () => 'too large',
              authorize: async () => undefined,
              finish: async (upload) => {
                // Storing the file takes a while (a large video streamed to S3).
                finishStarted.resolve();
                await finishMayEnd.promise;
                const row = { uploadId: upload.id, size: upload.size };
                recorded.set(upload.id, row);
                return row;
              },
              findResult: async (uploadId) => {
                // The record is read before the finish commits; the answer leaves after it did.
                const row = recorded.get(uploadId);
                resultRead.resolve();
                await resultMayAnswer.promise;
                return row ? { size: row.size, body: row } : null;
              },
            }),
          },
        }),
    });
    server = await new Promise((resolve) => {
      const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
    });
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await rm(dir, { recursive: true, force: true });
  });

  it('answers the stored file, not 404', async () => {
    const headers = {
      'Tus-Resumable': '1.0.0',
      [INTERNAL_TOKEN_HEADER]: await signInternalToken({ kind: 'anonymous' }, SECRET),
    };
    const created = await fetch(`${base}/api/uploads`, {
      method: 'POST',
      headers: {
        ...headers,
        'Upload-Length': String(BYTES.length),
        'Upload-Metadata': `purpose ${Buffer.from('consultation').toString('base64')},filename ${Buffer.from('walkthrough.mp4').toString('base64')}`,
      },
    });
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;

    // The final PATCH: every byte arrives, and the finish starts (its answer will be lost on the way).
    const patched = fetch(`${base}${location}`, {
      method: 'PATCH',
      headers: { ...headers, 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
      body: new Uint8Array(BYTES),
    });
    await finishStarted.promise;

    // The browser, having found the upload complete, asks for the result while the finish still runs.
    const asked = fetch(`${base}${location}/result`, { headers });
    await resultRead.promise;
    finishMayEnd.resolve();
    const finished = await patched;
    expect(finished.status).toBe(200);
    const stored = await finished.json();
    resultMayAnswer.resolve();

    const result = await asked;
    expect(result.status).toBe(200);
    expect(await result.json()).toEqual(stored);
  });
});
