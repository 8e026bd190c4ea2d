/**
 * The kit's multipart receiver in a small service of its own (a local object store, a content check
 * that knows PNG and PDF): files stored in order or refused with their reason, a content check that
 * throws, a store that fails, and the broken-body corpus, after each of which nothing of the request is
 * stored, nothing is left in the store's temporary folder, and the service still takes a normal upload.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { AppError } from '../../../errors.js';
import { LocalObjectStore } from '../../../storage/local-object-store.js';
import type { ObjectStore } from '../../../storage/types.js';
import { captureLogs } from '../../../testing/logs.js';
import {
  brokenMultipartCorpus,
  buildMultipartForm,
  sendRawRequest,
  type MultipartPart,
} from '../../../testing/multipart.js';
import { createServiceApp } from '../../app.js';
import { listen, type RunningServer } from '../../server.js';
import { receiveMultipartFiles } from '../receive-multipart-files.js';
import type { ContentVerdict } from '../types.js';

interface DemoRule {
  maxBytes: number;
  accepts: 'image/png' | 'application/pdf';
}

const RULES: Record<string, DemoRule> = {
  photos: { maxBytes: 30_000, accepts: 'image/png' },
  papers: { maxBytes: 200, accepts: 'application/pdf' },
};

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const png = (size = 64) => Buffer.concat([PNG, Buffer.alloc(size - PNG.length, 1)]);
const pdf = (size = 64) => Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(size - 9, 32)]);

async function judge(head: Buffer, _part: unknown, rule: DemoRule): Promise<ContentVerdict> {
  if (head.subarray(0, 4).toString('latin1') === 'BOOM') throw new Error('the checker choked');
  const found = head.subarray(0, 8).equals(PNG)
    ? 'image/png'
    : head.subarray(0, 5).toString() === '%PDF-'
      ? 'application/pdf'
      : null;
  return found === rule.accepts
    ? { ok: true, contentType: found }
    : { ok: false, reason: `not a ${rule.accepts}` };
}

describe('receiveMultipartFiles', () => {
  let dir: string;
  let local: LocalObjectStore;
  let server: RunningServer;
  const { logger, logs } = captureLogs();
  /** Lets a test make the store fail: this many more writes succeed, then one fails. */
  let writesBeforeFailure: number | null = null;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'multipart-'));
    local = new LocalObjectStore({ rootDir: dir });
    const store: ObjectStore = Object.assign(Object.create(local) as ObjectStore, {
      put: async (...args: Parameters<ObjectStore['put']>) => {
        if (writesBeforeFailure !== null && writesBeforeFailure-- === 0) throw new Error('disk full');
        return local.put(...args);
      },
    });
    const app = createServiceApp({
      service: 'course',
      logger,
      internalTokenSecret: 's'.repeat(40),
      readiness: {},
      routes: () => undefined,
      publicRoutes: (router) => {
        router.post('/upload', async (req, res) => {
          const outcomes = await receiveMultipartFiles({
            req,
            store,
            logger,
            keyPrefix: 'demo',
            maxFiles: 6,
            ruleFor: (part) => RULES[part.fieldName] ?? `no field ${part.fieldName}`,
            judge,
          });
          if (outcomes.length === 0) throw new AppError('invalid', 'No files');
          res.json(
            outcomes.map((outcome) =>
              'stored' in outcome
                ? {
                    stored: outcome.stored.originalName,
                    type: outcome.stored.contentType,
                    size: outcome.stored.size,
                  }
                : outcome,
            ),
          );
        });
      },
    });
    server = await listen(app, 0, '127.0.0.1');
  });

  afterAll(async () => {
    await server?.close();
    await rm(dir, { recursive: true, force: true });
  });

  const objects = async () => (await readdir(path.join(dir, 'objects', 'demo')).catch(() => [])).length;
  const temporary = async () =>
    (await readdir(path.join(dir, 'tmp')).catch(() => [] as string[])).filter(
      (name) => !name.startsWith('ping-'),
    );

  function send(parts: MultipartPart[]) {
    const form = buildMultipartForm(parts);
    return sendRawRequest({
      url: server.url,
      path: '/upload',
      headers: { 'Content-Type': `multipart/form-data; boundary=${form.boundary}` },
      body: form.body,
    });
  }

  it('stores what its rule and content check accept, in order, and names every refusal', async () => {
    const before = await objects();
    const answer = await send([
      { name: 'photos', filename: 'C:\\Users\\me\\patio\u202e.png', data: png() },
      { name: 'notes', filename: 'notes.txt', data: 'hello' },
      { name: 'photos', filename: 'fake.png', data: pdf() },
      { name: 'papers', filename: 'long.pdf', data: pdf(500) },
      { name: 'photos', filename: 'huge.png', data: png(40_000) },
      { name: 'papers', filename: 'menu.pdf', data: pdf(100) },
      { name: 'photos', filename: 'one-too-many.png', data: png() },
    ]);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual([
      { stored: 'patio.png', type: 'image/png', size: 64 },
      { rejected: { fileName: 'notes.txt', reason: 'no field notes' } },
      { rejected: { fileName: 'fake.png', reason: 'not a image/png' } },
      { rejected: { fileName: 'long.pdf', reason: 'File is larger than the 200 byte limit' } },
      { rejected: { fileName: 'huge.png', reason: 'File is larger than the 30000 byte limit' } },
      { stored: 'menu.pdf', type: 'application/pdf', size: 100 },
      { rejected: { fileName: 'one-too-many.png', reason: 'Too many files in one upload' } },
    ]);
    expect(await objects()).toBe(before + 2);
    expect(await temporary()).toEqual([]);
  });

  it('refuses a file that makes the content check throw, and keeps the others', async () => {
    const answer = await send([
      { name: 'photos', filename: 'trap.png', data: Buffer.from('BOOM and more') },
      { name: 'photos', filename: 'fine.png', data: png() },
    ]);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual([
      { rejected: { fileName: 'trap.png', reason: 'The file content could not be recognised' } },
      { stored: 'fine.png', type: 'image/png', size: 64 },
    ]);
  });

  it('answers 503 when the store fails, and removes what the request had stored', async () => {
    const before = await objects();
    writesBeforeFailure = 1;
    try {
      const answer = await send([
        { name: 'photos', filename: 'first.png', data: png() },
        { name: 'photos', filename: 'second.png', data: png() },
        { name: 'photos', filename: 'third.png', data: png() },
      ]);
      expect(answer.status).toBe(503);
      expect(JSON.parse(answer.body)).toEqual({
        message: 'The files could not be stored right now. Please try again.',
      });
    } finally {
      writesBeforeFailure = null;
    }
    expect(await objects()).toBe(before);
    expect(await temporary()).toEqual([]);
  });

  describe('a corpus of broken bodies', () => {
    // A refused file first: it is read and dropped while the body breaks around it.
    const corpus = brokenMultipartCorpus([
      { name: 'notes', filename: 'refused.txt', contentType: 'text/plain', data: 'not wanted here' },
      { name: 'photos', filename: 'first.png', contentType: 'image/png', data: png() },
      { name: 'caption', data: 'the patio' },
      { name: 'photos', filename: 'large.png', contentType: 'image/png', data: png(20_000) },
    ]);
    const count = (message: string, fileName?: string) =>
      logs.filter((line) => line.msg === message && (fileName === undefined || line.fileName === fileName))
        .length;

    async function eventually(check: () => boolean, what: string) {
      const deadline = Date.now() + 10_000;
      while (!check()) {
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }

    it.each(corpus.map((broken) => [broken.name, broken] as const))('%s', async (_name, broken) => {
      const before = await objects();
      const abandoned = count('multipart upload abandoned');
      const { outcome } = broken;
      const storing = count(
        'storing an uploaded file',
        outcome.kind === 'dropped' ? outcome.whileStoring : '',
      );
      const answer = await sendRawRequest({
        url: server.url,
        path: '/upload',
        headers: broken.headers,
        body: broken.body,
        hangUp:
          outcome.kind === 'dropped' &&
          (outcome.whileStoring
            ? () =>
                eventually(
                  () => count('storing an uploaded file', outcome.whileStoring) > storing,
                  `${outcome.whileStoring} to be stored`,
                )
            : true),
      });
      if (outcome.kind === 'refused') {
        expect(answer.status).toBe(outcome.status);
      } else {
        expect(answer.status).toBeNull();
        await eventually(() => count('multipart upload abandoned') > abandoned, 'the upload to be abandoned');
      }
      expect(await objects()).toBe(before);
      expect(await temporary()).toEqual([]);
      const normal = await send([{ name: 'photos', filename: 'after.png', data: png() }]);
      expect(normal.status).toBe(200);
    });
  });
});
