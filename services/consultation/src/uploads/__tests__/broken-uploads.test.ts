/**
 * No upload request can take the service down: the two anonymous requests that once killed the whole
 * process, then a corpus of broken multipart bodies (cut off at every part boundary, malformed part
 * headers, NUL bytes in names, no or a wrong boundary, a huge header, too many fields, the client going
 * away mid-file) sent byte for byte over raw sockets to both upload endpoints. After each one: a 4xx (or
 * nothing, for a client that left), nothing of it kept, no temporary file left, the files accepted
 * before still there, and the service still answering /healthz and a normal upload.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import {
  UPLOAD_MESSAGES,
  UploadFilesResponseSchema,
  type ConsultationResponse,
  type UploadFilesResponse,
} from '@platform/contracts';
import { INTERNAL_TOKEN_HEADER, signInternalToken } from '@platform/service-kit/identity';
import {
  brokenMultipartCorpus,
  buildMultipartForm,
  sendRawRequest,
  type BrokenMultipartCase,
  type MultipartPart,
} from '@platform/service-kit/testing';
import { eq } from 'drizzle-orm';
import { submissionFiles } from '../../db/schema.js';
import { additionalForm, jpeg, png, uploadForm } from '../../__tests__/fixtures.js';
import { admin, backings, SECRET, sendStepOne, useConsultation } from '../../__tests__/harness.js';

type Endpoint = 'upload' | 'additional-files';

/** A PNG with 20 KB after its end: past the bytes the content check reads, so it is streamed on. */
const largePng = () => Buffer.concat([png(12, 12), Buffer.alloc(20_000, 7)]);

/** Each form starts with a file the endpoint refuses (read and dropped), then files it keeps. */
const FORMS: Record<Endpoint, MultipartPart[]> = {
  upload: [
    { name: 'files', filename: 'before-any-kind.png', contentType: 'image/png', data: png() },
    { name: 'fileType', data: 'images' },
    { name: 'files', filename: 'patio.png', contentType: 'image/png', data: png(8, 8) },
    { name: 'files', filename: 'bar.png', contentType: 'image/png', data: largePng() },
  ],
  'additional-files': [
    { name: 'photos', filename: 'wrong-field.png', contentType: 'image/png', data: png() },
    { name: 'documents', filename: 'notes.txt', contentType: 'text/plain', data: 'Tuesday: 40 covers\n' },
    { name: 'images', filename: 'terrace.png', contentType: 'image/png', data: largePng() },
  ],
};

const ENDPOINTS = Object.keys(FORMS) as Endpoint[];
const corpus = (endpoint: Endpoint) => brokenMultipartCorpus(FORMS[endpoint]);

describe.each(backings())('broken uploads on $name', (factory) => {
  let submission: ConsultationResponse;
  let keptBefore: string;
  const boss = admin();

  const app = useConsultation(factory, {}, async () => {
    submission = await sendStepOne(app);
    const first = await upload('upload', uploadForm([{ field: 'images', name: 'front.jpg', bytes: jpeg() }]));
    expect(first.status).toBe(200);
    keptBefore = UploadFilesResponseSchema.parse(await first.json()).files[0]!;
  });

  function upload(endpoint: Endpoint, form: FormData): Promise<Response> {
    return app.request(`/api/consultation/${submission.submissionId}/${endpoint}`, {
      method: 'POST',
      headers: { 'X-Upload-Token': submission.uploadToken },
      body: form,
    });
  }

  /** Through the gateway's token with the upload token, byte for byte as given. */
  async function sendRaw(
    endpoint: Endpoint,
    request: Pick<BrokenMultipartCase, 'headers' | 'body'> & { hangUp?: boolean | (() => Promise<void>) },
  ) {
    return sendRawRequest({
      url: app.service.url,
      path: `/api/consultation/${submission.submissionId}/${endpoint}`,
      headers: {
        [INTERNAL_TOKEN_HEADER]: await signInternalToken({ kind: 'anonymous' }, SECRET),
        'X-Upload-Token': submission.uploadToken,
        ...request.headers,
      },
      body: request.body,
      hangUp: request.hangUp,
    });
  }

  const multipartHeaders = (boundary: string) => ({
    'Content-Type': `multipart/form-data; boundary=${boundary}`,
  });

  /** The submission's file rows, and (local store) the stored objects and unfinished temporary files. */
  async function whatIsStored() {
    const rows = await app.service.deps.db
      .select({ id: submissionFiles.id })
      .from(submissionFiles)
      .where(eq(submissionFiles.submissionId, submission.submissionId));
    if (app.isS3) return { rows: rows.length };
    const objects = path.join(app.backing.env.DATA_DIR!, 'objects');
    const list = (dir: string) => readdir(path.join(objects, dir)).catch(() => [] as string[]);
    return {
      rows: rows.length,
      objects: (await list('objects/consultation-files')).length,
      temporary: (await list('tmp')).filter((name) => !name.startsWith('ping-')),
    };
  }

  const storingLogs = (fileName: string | undefined) =>
    app.logs.filter((line) => line.msg === 'storing an uploaded file' && line.fileName === fileName).length;
  const abandonedUploads = () => app.logs.filter((line) => line.msg === 'multipart upload abandoned').length;

  async function eventually(check: () => boolean, what: string): Promise<void> {
    const deadline = Date.now() + 10_000;
    while (!check()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  /** The service still answers, still takes a normal upload, and still has the file kept before. */
  async function expectStillServing(endpoint: Endpoint): Promise<void> {
    const health = await fetch(`${app.service.url}/healthz`);
    expect(health.status).toBe(200);
    const form =
      endpoint === 'upload'
        ? uploadForm([{ field: 'images', name: 'after.png', bytes: png(4, 4) }])
        : additionalForm([{ field: 'images', name: 'after.png', bytes: png(4, 4) }]);
    const normal = await upload(endpoint, form);
    expect(normal.status).toBe(200);
    expect(((await normal.json()) as UploadFilesResponse).files).toHaveLength(1);
    const kept = await app.requestAs(boss, keptBefore, { redirect: 'manual' });
    expect(kept.status).toBe(app.isS3 ? 302 : 200);
    if (!app.isS3) expect(Buffer.from(await kept.arrayBuffer()).equals(jpeg())).toBe(true);
  }

  describe('the two anonymous requests that took the whole process down', () => {
    it.each(ENDPOINTS)(
      '/%s: a refused file cut off before the closing boundary is a 400',
      async (endpoint) => {
        const form = buildMultipartForm(FORMS[endpoint].slice(0, 1));
        const before = await whatIsStored();
        const answer = await sendRaw(endpoint, {
          headers: multipartHeaders(form.boundary),
          body: form.body.subarray(0, form.closing),
        });
        expect(answer.status).toBe(400);
        expect(JSON.parse(answer.body)).toEqual({
          message: 'The upload could not be read: Unexpected end of form',
        });
        expect(await whatIsStored()).toEqual(before);
        await expectStillServing(endpoint);
      },
    );

    it.each(ENDPOINTS)('/%s: two parts with a NUL byte in the filename are a 400', async (endpoint) => {
      const part = { ...FORMS[endpoint].at(-1)!, filename: 'menu\u0000.png' };
      const form = buildMultipartForm([part, part]);
      const before = await whatIsStored();
      const answer = await sendRaw(endpoint, { headers: multipartHeaders(form.boundary), body: form.body });
      expect(answer.status).toBe(400);
      expect(JSON.parse(answer.body)).toEqual({
        message: 'The upload could not be read: Malformed part header',
      });
      expect(await whatIsStored()).toEqual(before);
      await expectStillServing(endpoint);
    });
  });

  describe.each(ENDPOINTS)('a corpus of broken bodies at /%s', (endpoint) => {
    it.each(corpus(endpoint).map((broken) => [broken.name, broken] as const))('%s', async (_name, broken) => {
      const before = await whatIsStored();
      const abandoned = abandonedUploads();
      const { outcome } = broken;
      const storing = () => storingLogs(outcome.kind === 'dropped' ? outcome.whileStoring : undefined);
      const storingBefore = storing();
      const answer = await sendRaw(endpoint, {
        ...broken,
        hangUp:
          outcome.kind === 'dropped' &&
          (outcome.whileStoring
            ? () => eventually(() => storing() > storingBefore, `${outcome.whileStoring} to be stored`)
            : true),
      });
      if (outcome.kind === 'refused') {
        expect(answer.status).toBe(outcome.status);
        if (answer.status !== 431) {
          const body = JSON.parse(answer.body) as { message: string };
          expect(typeof body.message).toBe('string');
          expect(answer.body).not.toMatch(/ at \S+ \(|node_modules|\/src\/|\.[jt]s:\d/);
        }
      } else {
        expect(answer.status).toBeNull();
        // The service notices the client left, removes what it stored, and says so.
        await eventually(() => abandonedUploads() > abandoned, 'the abandoned upload to be cleaned up');
      }
      expect(await whatIsStored()).toEqual(before);
      await expectStillServing(endpoint);
    });
  });

  it('keeps a file whose encoded name decodes to a NUL byte, under the name without it', async () => {
    const form = buildMultipartForm([
      { name: 'fileType', data: 'images' },
      { name: 'files', filename: 'x', contentType: 'image/png', data: png() },
    ]);
    const body = Buffer.from(
      form.body.toString('latin1').replace('filename="x"', "filename*=UTF-8''pa%00tio.png"),
      'latin1',
    );
    const answer = await sendRaw('upload', { headers: multipartHeaders(form.boundary), body });
    expect(answer.status).toBe(200);
    const rows = await app.service.deps.db
      .select({ name: submissionFiles.originalName })
      .from(submissionFiles)
      .where(eq(submissionFiles.submissionId, submission.submissionId));
    expect(rows.map((row) => row.name)).toContain('patio.png');
  });

  it('refuses a request of only text fields with the usual message', async () => {
    const form = buildMultipartForm([{ name: 'fileType', data: 'images' }]);
    const answer = await sendRaw('upload', { headers: multipartHeaders(form.boundary), body: form.body });
    expect(answer.status).toBe(400);
    expect((JSON.parse(answer.body) as { message: string }).message).toBe(UPLOAD_MESSAGES.noFilesSent);
  });
});
