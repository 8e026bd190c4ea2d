/**
 * An owner's consultation files through the resumable uploads (tus, purpose `consultation`) at
 * /api/uploads, on both backings, with a real tus client: a walkthrough video becomes one of the
 * submission's files exactly as a multipart upload does (listed, served byte for byte); the same rights
 * on every request (the upload token, the owner, an admin; nobody else); an upload cut off at several
 * offsets resumes from the server's offset with its bytes intact; the kind's limit and content check;
 * the token is never kept on disk; an abandoned upload is removed by the expiry job 24 hours after its last
 * bytes, and one still receiving them is kept.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import {
  AdminConsultationListSchema,
  CONSULTATION_UPLOAD_MESSAGES,
  ConsultationUploadResultSchema,
  RESUMABLE_UPLOAD_MESSAGES,
  UPLOAD_MESSAGES,
  type Caller,
  type ConsultationResponse,
  type ConsultationUploadResult,
} from '@platform/contracts';
import { SettableClock } from '@platform/service-kit/clock';
import { INTERNAL_TOKEN_HEADER, signInternalToken } from '@platform/service-kit/identity';
import {
  listStoredObjectKeys,
  tusUpload,
  tusUploadRefused,
  withInsertTrigger,
} from '@platform/service-kit/testing';
import { eq } from 'drizzle-orm';
import { submissionFiles } from '../../db/schema.js';
import { htmlPage, jpeg, memberLessonMp4 } from '../../__tests__/fixtures.js';
import {
  admin,
  backings,
  SECRET,
  sendStepOne,
  useConsultation,
  user,
  type UserCaller,
} from '../../__tests__/harness.js';
import {
  expectLastBytesKeepUploads,
  expectOnlyStaleUploadsRemoved,
  interruptUploadAt,
} from '../../../../course/src/__tests__/resumable-uploads.js';
import { EXPIRE_CONSULTATION_UPLOADS_JOB } from '../resumable-uploads.js';

const HOUR = 60 * 60 * 1000;
const VIDEO_LIMIT = 300_000;
const CHUNK = 32 * 1024;
const TUS = { 'Tus-Resumable': '1.0.0' };

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const metadataHeader = (values: Record<string, string>) =>
  Object.entries(values)
    .map(([key, value]) => `${key} ${Buffer.from(value, 'utf8').toString('base64')}`)
    .join(',');

describe.each(backings())('resumable consultation uploads on $name', (factory) => {
  let clock: SettableClock;
  let video: Buffer;
  const owner = user({ email: 'owner@harbour-grill.com' });
  const stranger = user({ email: 'someone@else-diner.com' });
  const boss = admin();

  const app = useConsultation(
    factory,
    () => {
      // Real time to start with: tus also compares creation dates with the wall clock when resuming.
      clock = new SettableClock(new Date());
      return { clock, env: { CONSULTATION_MAX_VIDEO_BYTES: String(VIDEO_LIMIT) } };
    },
    async () => {
      video = await memberLessonMp4();
    },
  );

  const uploadsDir = () => path.join(app.backing.env.DATA_DIR!, 'uploads', 'consultation-files');
  const endpoint = () => `${app.service.url}/api/uploads`;
  const tokenHeaders = async (caller: Caller, uploadToken?: string) => ({
    [INTERNAL_TOKEN_HEADER]: await signInternalToken(caller, SECRET),
    ...(uploadToken && { 'X-Upload-Token': uploadToken }),
  });

  /** Step 1 as a visitor, or as `caller` (who then owns it). */
  const start = (caller?: UserCaller) => sendStepOne(app, caller);

  const videoMetadata = (submission: ConsultationResponse, extra: Record<string, string> = {}) => ({
    purpose: 'consultation',
    filename: 'walkthrough.mp4',
    filetype: 'video/mp4',
    submissionId: submission.submissionId,
    fileType: 'videos',
    ...extra,
  });

  /** POST /api/uploads as `caller` with these headers and metadata. */
  async function create(
    caller: Caller,
    metadata: Record<string, string>,
    headers: Record<string, string> = {},
    length = video.length,
  ) {
    return fetch(endpoint(), {
      method: 'POST',
      headers: {
        ...TUS,
        ...(await tokenHeaders(caller)),
        'Upload-Length': String(length),
        'Upload-Metadata': metadataHeader(metadata),
        ...headers,
      },
    });
  }

  async function as(caller: Caller, url: string, init: RequestInit & { token?: string } = {}) {
    const { token, ...rest } = init;
    return fetch(`${app.service.url}${url}`, {
      ...rest,
      headers: {
        ...TUS,
        ...(await tokenHeaders(caller, token)),
        ...(rest.headers as Record<string, string>),
      },
    });
  }

  /** The admin's view of the submission's files. */
  async function filesOf(submissionId: string) {
    const response = await app.requestAs(boss, '/api/consultations');
    const list = AdminConsultationListSchema.parse(await response.json());
    return list.find((entry) => entry.id === submissionId)!;
  }

  /** The stored file as its owner (the upload token cannot read files), following S3's redirect. */
  async function storedBytes(result: ConsultationUploadResult): Promise<Buffer> {
    const first = await app.requestAs(boss, result.file.path, { redirect: 'manual' });
    const response = first.status === 302 ? await fetch(first.headers.get('location')!) : first;
    expect(response.status).toBe(200);
    return Buffer.from(await response.arrayBuffer());
  }

  it('turns a finished video into one of the submission’s files, byte for byte, without keeping the token', async () => {
    const submission = await start();
    // The token rides in the creation's metadata only; it is checked, then dropped from what is kept.
    const created = await create(
      { kind: 'anonymous' },
      videoMetadata(submission, { uploadToken: submission.uploadToken }),
    );
    expect(created.status).toBe(201);
    const uploadUrl = `${app.service.url}${created.headers.get('location')!}`;
    const keptOnDisk = await readFile(path.join(uploadsDir(), `${uploadUrl.split('/').pop()}.json`), 'utf8');
    // Every later request carries it in the header, as the browser does.
    const done = await tusUpload(video, {
      endpoint: endpoint(),
      uploadUrl,
      chunkSize: CHUNK,
      headers: await tokenHeaders({ kind: 'anonymous' }, submission.uploadToken),
      metadata: {},
    });
    expect(done.status).toBe(200);
    const result = ConsultationUploadResultSchema.parse(JSON.parse(done.body));
    expect(result).toMatchObject({
      success: true,
      submissionId: submission.submissionId,
      kind: 'videos',
      file: { originalName: 'walkthrough.mp4', size: video.length, contentType: 'video/mp4' },
    });
    expect(result.uploadId).toMatch(/^cf-[0-9a-f]{32}$/);
    expect(uploadUrl).toMatch(new RegExp(`/api/uploads/${result.uploadId}$`));
    expect(result.file.path).toBe(`/api/consultation-files/${result.uploadId}`);
    expect(keptOnDisk).toContain(submission.submissionId);
    expect(keptOnDisk).not.toContain(submission.uploadToken);
    expect(keptOnDisk).not.toContain(Buffer.from(submission.uploadToken).toString('base64'));

    // Listed with the multipart files, served byte for byte; the upload's own bytes are gone.
    const listed = await filesOf(submission.submissionId);
    expect(listed.videoFiles).toEqual([result.file.path]);
    expect(sha256(await storedBytes(result))).toBe(sha256(video));
    expect((await readdir(uploadsDir())).filter((name) => name.startsWith(result.uploadId))).toEqual([]);
    const again = await as({ kind: 'anonymous' }, `/api/uploads/${result.uploadId}/result`, {
      token: submission.uploadToken,
    });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual(result);
    // tus's client resuming it (its final answer lost) finds it complete and sends nothing again.
    const patches: number[] = [];
    const resumed = await tusUpload(video, {
      endpoint: endpoint(),
      uploadUrl,
      chunkSize: CHUNK,
      headers: await tokenHeaders({ kind: 'anonymous' }, submission.uploadToken),
      metadata: {},
      onPatch: (offset) => patches.push(offset),
    });
    expect(resumed).toMatchObject({ url: uploadUrl, status: 200, body: '' });
    expect(patches).toEqual([]);
    expect((await filesOf(submission.submissionId)).videoFiles).toEqual([result.file.path]);
  });

  it('lets only the token holder, the owner and an admin create, continue and read an upload', async () => {
    const mine = await start(owner);
    const other = await start();
    const visitor: Caller = { kind: 'anonymous' };
    const meta = videoMetadata(mine);

    // Creating.
    const refusals: Array<[string, Caller, Record<string, string>, Record<string, string>, number]> = [
      ['a visitor without a token', visitor, meta, {}, 401],
      ['a wrong token', visitor, meta, { 'X-Upload-Token': 'not-the-token' }, 403],
      ['another submission’s token', visitor, meta, { 'X-Upload-Token': other.uploadToken }, 403],
      [
        'another submission’s token in the metadata',
        visitor,
        { ...meta, uploadToken: other.uploadToken },
        {},
        403,
      ],
      ['another signed-in owner', stranger, meta, {}, 403],
      [
        'an unknown submission',
        visitor,
        { ...meta, submissionId: 'no-such-request' },
        { 'X-Upload-Token': mine.uploadToken },
        404,
      ],
    ];
    for (const [who, caller, metadata, headers, status] of refusals) {
      const response = await create(caller, metadata, headers);
      expect({ who, status: response.status }).toEqual({ who, status });
      expect(((await response.json()) as { message: string }).message).toEqual(expect.any(String));
    }
    expect((await create(owner, meta)).status).toBe(201);
    expect((await create(boss, meta)).status).toBe(201);
    const created = await create(visitor, meta, { 'X-Upload-Token': mine.uploadToken });
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;
    expect(location).toMatch(/^\/api\/uploads\/cf-[0-9a-f]{32}$/);
    expect(created.headers.get('upload-expires')).toBe(
      new Date(clock.now().getTime() + 24 * HOUR).toUTCString(),
    );

    // Continuing: HEAD, PATCH and DELETE need the same right to the submission.
    const patch = (caller: Caller, token?: string) =>
      as(caller, location, {
        method: 'PATCH',
        token,
        headers: { 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
        body: new Uint8Array(video.subarray(0, CHUNK)),
      });
    expect((await as(visitor, location, { method: 'HEAD' })).status).toBe(401);
    expect((await as(visitor, location, { method: 'HEAD', token: other.uploadToken })).status).toBe(403);
    expect((await as(stranger, location, { method: 'HEAD' })).status).toBe(403);
    expect((await patch(visitor)).status).toBe(401);
    expect((await patch(visitor, 'not-the-token')).status).toBe(403);
    expect((await patch(stranger)).status).toBe(403);
    expect((await as(visitor, location, { method: 'DELETE', token: other.uploadToken })).status).toBe(403);
    expect(
      (await as(visitor, location, { method: 'HEAD', token: mine.uploadToken })).headers.get('upload-offset'),
    ).toBe('0');
    const appended = await patch(visitor, mine.uploadToken);
    expect(appended.status).toBe(204);
    expect(appended.headers.get('upload-offset')).toBe(String(CHUNK));
    expect((await as(owner, location, { method: 'HEAD' })).headers.get('upload-offset')).toBe(String(CHUNK));
    expect((await as(boss, location, { method: 'HEAD' })).status).toBe(200);

    // Reading the result: the same rights; nothing until the file is complete.
    expect((await as(visitor, `${location}/result`)).status).toBe(401);
    expect((await as(stranger, `${location}/result`)).status).toBe(403);
    expect((await as(owner, `${location}/result`)).status).toBe(404);

    // An unknown upload is 404 for everybody; the owner may cancel theirs.
    expect(
      (await as(owner, '/api/uploads/cf-00000000000000000000000000000000', { method: 'HEAD' })).status,
    ).toBe(404);
    expect((await as(owner, location, { method: 'DELETE' })).status).toBe(204);
    expect((await as(owner, location, { method: 'HEAD' })).status).toBe(404);
  });

  it('resumes an upload cut off at several offsets, each time from the server’s offset, bytes intact', async () => {
    const submission = await start();
    const created = await create({ kind: 'anonymous' }, videoMetadata(submission), {
      'X-Upload-Token': submission.uploadToken,
    });
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;
    const id = location.split('/').pop()!;
    const headers = await tokenHeaders({ kind: 'anonymous' }, submission.uploadToken);

    const upload = {
      url: `${app.service.url}${location}`,
      headers,
      bytes: video,
      heldBytes: async () => (await stat(path.join(uploadsDir(), id))).size,
      head: () => as({ kind: 'anonymous' }, location, { method: 'HEAD', token: submission.uploadToken }),
    };
    const offset = await interruptUploadAt(upload, [10_000, 10_001, 123_457, 200_000]);

    const offsets: number[] = [];
    const done = await tusUpload(video, {
      endpoint: endpoint(),
      uploadUrl: `${app.service.url}${location}`,
      chunkSize: CHUNK,
      headers,
      metadata: {},
      onPatch: (at) => offsets.push(at),
    });
    expect(offsets[0]).toBe(offset);
    const result = ConsultationUploadResultSchema.parse(JSON.parse(done.body));
    expect(result.uploadId).toBe(id);
    expect(result.file.size).toBe(video.length);
    expect(sha256(await storedBytes(result))).toBe(sha256(video));
    expect((await filesOf(submission.submissionId)).videoFiles).toEqual([result.file.path]);
  });

  it('applies the kind’s limit before anything is created and its content check once complete', async () => {
    const submission = await start();
    const before = await listStoredObjectKeys(app.backing.env, 'consultation-files/');
    const token = { 'X-Upload-Token': submission.uploadToken };
    const cases: Array<[Record<string, string>, number, number, string]> = [
      [videoMetadata(submission), VIDEO_LIMIT + 1, 413, UPLOAD_MESSAGES.tooLarge(VIDEO_LIMIT)],
      [
        videoMetadata(submission, { fileType: 'photos' }),
        100,
        400,
        'fileType must be one of images, videos, documents, menu_photos',
      ],
      [
        videoMetadata(submission, { purpose: 'lesson-video' }),
        100,
        400,
        RESUMABLE_UPLOAD_MESSAGES.purposeElsewhere('lesson-video'),
      ],
      [videoMetadata(submission, { filename: 'a/b.mp4' }), 100, 400, 'filename must be a plain file name'],
      [videoMetadata(submission, { submissionId: '../x' }), 100, 400, UPLOAD_MESSAGES.notFound],
    ];
    for (const [metadata, length, status, message] of cases) {
      const response = await create({ kind: 'anonymous' }, metadata, token, length);
      expect({ metadata, status: response.status }).toEqual({ metadata, status });
      expect(((await response.json()) as { message: string }).message).toBe(message);
    }

    // An HTML page named .mp4 and a photo sent as the video: refused when complete, nothing kept.
    const headers = await tokenHeaders({ kind: 'anonymous' }, submission.uploadToken);
    for (const bytes of [htmlPage(), jpeg()]) {
      const refused = await tusUploadRefused(bytes, {
        endpoint: endpoint(),
        chunkSize: CHUNK,
        headers,
        metadata: videoMetadata(submission),
      });
      expect(refused.status).toBe(415);
      expect(refused.contentType).toMatch(/^application\/json/);
      expect(JSON.parse(refused.body)).toEqual({
        message: UPLOAD_MESSAGES.notAllowed('video (MP4, MOV, WebM)'),
      });
      const id = refused.url!.split('/').pop()!;
      expect((await readdir(uploadsDir())).filter((name) => name.startsWith(id))).toEqual([]);
    }
    // A photo is fine as a photo.
    const photo = await tusUpload(jpeg(), {
      endpoint: endpoint(),
      headers,
      metadata: videoMetadata(submission, { filename: 'terrace.jpg', fileType: 'images' }),
    });
    const stored = ConsultationUploadResultSchema.parse(JSON.parse(photo.body));
    expect(stored.file.contentType).toBe('image/jpeg');
    expect(await listStoredObjectKeys(app.backing.env, 'consultation-files/')).toHaveLength(
      before.length + 1,
    );
    const rows = await app.service.deps.db
      .select()
      .from(submissionFiles)
      .where(eq(submissionFiles.submissionId, submission.submissionId));
    expect(rows.map((row) => row.originalName)).toEqual(['terrace.jpg']);
  });

  it('keeps nothing of a finished upload whose request was deleted meanwhile, and answers 404', async () => {
    const submission = await start();
    const before = await listStoredObjectKeys(app.backing.env, 'consultation-files/');
    const { db } = app.service.deps;
    // The request is erased (its owner's account deleted) after the last chunk's rights were checked, as
    // its file is recorded: a trigger deletes it just before the file's row goes in. (The deletion is undone
    // with the failed insert; the finish meets what a committed erasure gives it, a foreign-key violation.)
    const refused = await withInsertTrigger(
      db,
      'consultation.consultation_files',
      'delete from consultation.consultation_submissions where id = new.submission_id; return new;',
      async () =>
        tusUploadRefused(video, {
          endpoint: endpoint(),
          chunkSize: CHUNK,
          headers: await tokenHeaders({ kind: 'anonymous' }, submission.uploadToken),
          metadata: videoMetadata(submission),
        }),
    );

    expect(refused.status).toBe(404);
    expect(refused.contentType).toMatch(/^application\/json/);
    expect(JSON.parse(refused.body)).toEqual({ message: CONSULTATION_UPLOAD_MESSAGES.uploadNotFound });
    const id = refused.url!.split('/').pop()!;
    expect(id).toMatch(/^cf-[0-9a-f]{32}$/);
    // Neither the stored object, nor a row, nor the upload's bytes.
    expect(await listStoredObjectKeys(app.backing.env, 'consultation-files/')).toEqual(before);
    expect(await db.select().from(submissionFiles).where(eq(submissionFiles.id, id))).toEqual([]);
    expect((await readdir(uploadsDir())).filter((name) => name.startsWith(id))).toEqual([]);
  });

  it('removes an abandoned upload 24 hours after it was created, and only that one', async () => {
    const submission = await start();
    const token = { 'X-Upload-Token': submission.uploadToken };
    await expectOnlyStaleUploadsRemoved({
      clock,
      create: async () =>
        (await create({ kind: 'anonymous' }, videoMetadata(submission), token)).headers.get('location')!,
      head: (location) =>
        as({ kind: 'anonymous' }, location, { method: 'HEAD', token: submission.uploadToken }),
      runExpiry: () => app.service.jobs.runNow(EXPIRE_CONSULTATION_UPLOADS_JOB),
      uploadsDir,
    });
  });

  it('keeps a video that received bytes 23 hours after its creation, and it finishes at hour 30', async () => {
    const submission = await start();
    const visitor = { kind: 'anonymous' } as const;
    const token = submission.uploadToken;
    const done = await expectLastBytesKeepUploads({
      clock,
      bytes: video,
      firstBytes: CHUNK,
      create: async (name) => {
        const metadata = videoMetadata(submission, { filename: `${name}.mp4` });
        return (await create(visitor, metadata, { 'X-Upload-Token': token })).headers.get('location')!;
      },
      head: (location) => as(visitor, location, { method: 'HEAD', token }),
      patch: (location, offset, body) =>
        as(visitor, location, {
          method: 'PATCH',
          token,
          headers: { 'Upload-Offset': String(offset), 'Content-Type': 'application/offset+octet-stream' },
          body: new Uint8Array(body),
        }),
      resume: async (location) =>
        tusUpload(video, {
          endpoint: endpoint(),
          uploadUrl: `${app.service.url}${location}`,
          chunkSize: CHUNK,
          headers: await tokenHeaders(visitor, token),
          metadata: {},
        }),
      runExpiry: () => app.service.jobs.runNow(EXPIRE_CONSULTATION_UPLOADS_JOB),
      uploadsDir,
    });
    expect(done.status).toBe(200);
    const result = ConsultationUploadResultSchema.parse(JSON.parse(done.body));
    expect(result.file).toMatchObject({ originalName: 'moving.mp4', size: video.length });
    expect((await filesOf(submission.submissionId)).videoFiles).toEqual([result.file.path]);
    expect(sha256(await storedBytes(result))).toBe(sha256(video));
  });
});
