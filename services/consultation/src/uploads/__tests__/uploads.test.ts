/**
 * Step 2 and /additional-upload with real files: kept by their content, refused when the content is not
 * what the kind allows (an HTML page or an SVG with a script named .jpg), too large (a lowered video
 * limit) or past 30 files, each refusal named; only the owner, the token holder and admins may add files,
 * and only the owner and admins may open them, with safe headers.
 */
import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { beforeAll, describe, expect, it } from '@jest/globals';
import {
  AdminConsultationListSchema,
  UPLOAD_MESSAGES,
  UploadFilesResponseSchema,
  type ConsultationResponse,
  type UploadFilesResponse,
} from '@platform/contracts';
import { INTERNAL_TOKEN_HEADER, signInternalToken } from '@platform/service-kit/identity';
import { submissionFiles } from '../../db/schema.js';
import {
  additionalForm,
  docx,
  fakeMp4,
  htmlPage,
  jpeg,
  legacyDoc,
  memberLessonMp4,
  png,
  svgWithScript,
  uploadForm,
  workbookPdf,
  type UploadPart,
} from '../../__tests__/fixtures.js';
import {
  admin,
  backings,
  json,
  SECRET,
  sendStepOne,
  useConsultation,
  user,
  whileRequestErasedBeforeInsert,
  type UserCaller,
} from '../../__tests__/harness.js';

const VIDEO_LIMIT = 300_000;

describe.each(backings())('consultation uploads on $name', (factory) => {
  const owner = user({ email: 'owner@riverside-diner.com' });
  const boss = admin();

  const app = useConsultation(factory, { env: { CONSULTATION_MAX_VIDEO_BYTES: String(VIDEO_LIMIT) } });
  const start = (caller?: UserCaller) => sendStepOne(app, caller);

  async function upload(
    submission: ConsultationResponse,
    form: FormData,
    options: { caller?: UserCaller; token?: string | null; path?: 'upload' | 'additional-files' } = {},
  ): Promise<Response> {
    const headers: Record<string, string> = {};
    const token = options.token === undefined ? submission.uploadToken : options.token;
    if (token) headers['X-Upload-Token'] = token;
    const url = `/api/consultation/${submission.submissionId}/${options.path ?? 'upload'}`;
    const init = { method: 'POST', headers, body: form };
    return options.caller ? app.requestAs(options.caller, url, init) : app.request(url, init);
  }

  /** GET a file as `caller`, following S3's presigned redirect the way a browser does. */
  async function download(caller: UserCaller | null, url: string, headers: Record<string, string> = {}) {
    const first = caller
      ? await app.requestAs(caller, url, { headers, redirect: 'manual' })
      : await app.request(url, { headers, redirect: 'manual' });
    if (!app.isS3 || first.status !== 302) return { first, response: first };
    return { first, response: await fetch(first.headers.get('location')!, { headers }) };
  }

  async function listAsAdmin() {
    const response = await app.requestAs(boss, '/api/consultations');
    expect(response.status).toBe(200);
    return AdminConsultationListSchema.parse(await response.json());
  }

  async function storedObjectCount(): Promise<number | null> {
    if (app.isS3) return null;
    const dir = path.join(app.backing.env.DATA_DIR!, 'objects', 'objects', 'consultation-files');
    return (await readdir(dir).catch(() => [])).length;
  }

  describe('a step-2 upload of every kind, with two disguised files', () => {
    let submission: ConsultationResponse;
    let answer: UploadFilesResponse;
    let parts: UploadPart[];

    beforeAll(async () => {
      submission = await start();
      parts = [
        { field: 'images', name: 'dining-room.jpg', bytes: jpeg(), type: 'image/jpeg' },
        { field: 'images', name: 'evil.jpg', bytes: htmlPage(), type: 'image/jpeg' },
        { field: 'images', name: 'kitchen.png', bytes: png(), type: 'image/png' },
        { field: 'images', name: 'logo.jpg', bytes: svgWithScript(), type: 'image/jpeg' },
        { field: 'videos', name: 'walkthrough.mp4', bytes: await memberLessonMp4(), type: 'video/mp4' },
        { field: 'documents', name: 'menu.pdf', bytes: await workbookPdf(), type: 'application/pdf' },
        { field: 'documents', name: 'menu.docx', bytes: docx() },
        { field: 'documents', name: 'old-menu.doc', bytes: legacyDoc() },
        {
          field: 'menu_photos',
          name: 'menu-page-1.png',
          bytes: png(24, 32, [240, 200, 120]),
          type: 'image/png',
        },
      ];
      const response = await upload(submission, uploadForm(parts));
      expect(response.status).toBe(200);
      answer = UploadFilesResponseSchema.parse(await response.json());
    });

    it('keeps the real files, in the order sent, and names each refused one with its reason', () => {
      expect(answer.success).toBe(true);
      expect(answer.files).toHaveLength(7);
      for (const file of answer.files)
        expect(file).toMatch(/^\/api\/consultation-files\/[A-Za-z0-9_-]{22,}$/);
      expect(answer.rejected).toEqual([
        {
          fileName: 'evil.jpg',
          reason: 'File content is not an accepted image (JPEG, PNG, WebP, GIF, HEIC) type',
        },
        {
          fileName: 'logo.jpg',
          reason: 'File content is not an accepted image (JPEG, PNG, WebP, GIF, HEIC) type',
        },
      ]);
    });

    it('lists them by kind for the admin, menu photos with the documents', async () => {
      const row = (await listAsAdmin()).find((item) => item.id === submission.submissionId)!;
      const [jpg, pngPath, mp4, pdf, word, doc, menuPng] = answer.files;
      expect(row.imageFiles).toEqual([jpg, pngPath]);
      expect(row.videoFiles).toEqual([mp4]);
      expect(row.documentFiles).toEqual([pdf, word, doc, menuPng]);
      expect(row.files.map((file) => [file.originalName, file.kind, file.contentType])).toEqual([
        ['dining-room.jpg', 'images', 'image/jpeg'],
        ['kitchen.png', 'images', 'image/png'],
        ['walkthrough.mp4', 'videos', 'video/mp4'],
        ['menu.pdf', 'documents', 'application/pdf'],
        ['menu.docx', 'documents', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
        ['old-menu.doc', 'documents', 'application/msword'],
        ['menu-page-1.png', 'menu_photos', 'image/png'],
      ]);
      expect(row).toMatchObject({ imageCount: 2, videoCount: 1, documentCount: 4 });
    });

    it('stores each file byte for byte under a random key unrelated to its name', async () => {
      const rows = await app.service.deps.db.select().from(submissionFiles);
      const mine = rows.filter((row) => row.submissionId === submission.submissionId);
      expect(mine).toHaveLength(7);
      for (const row of mine) {
        expect(row.objectKey).toMatch(/^consultation-files\/[A-Za-z0-9_-]{32}$/);
        expect(row.objectKey).not.toContain(submission.submissionId);
      }
      const kept = parts.filter((part) => !['evil.jpg', 'logo.jpg'].includes(part.name));
      for (const [index, url] of answer.files.entries()) {
        const { response } = await download(boss, url);
        expect(response.status).toBe(200);
        expect(Buffer.from(await response.arrayBuffer()).equals(kept[index]!.bytes)).toBe(true);
      }
    });

    it('serves images inline and documents as downloads, never sniffed', async () => {
      const [jpg, , mp4, pdf] = answer.files;
      const image = await download(owner, jpg!);
      // A visitor-created submission: its owner is whoever holds its e-mail; here only the admin.
      expect(image.first.status).toBe(403);

      const asAdminImage = await download(boss, jpg!);
      expect(asAdminImage.response.headers.get('content-type')).toBe('image/jpeg');
      expect(asAdminImage.response.headers.get('content-disposition')).toBe(
        'inline; filename="dining-room.jpg"',
      );
      const asAdminPdf = await download(boss, pdf!);
      expect(asAdminPdf.response.headers.get('content-type')).toBe('application/pdf');
      expect(asAdminPdf.response.headers.get('content-disposition')).toBe('attachment; filename="menu.pdf"');
      expect(asAdminPdf.first.headers.get('x-content-type-options')).toBe('nosniff');
      if (!app.isS3) {
        expect(asAdminPdf.response.headers.get('x-content-type-options')).toBe('nosniff');
        const range = await download(boss, mp4!, { Range: 'bytes=0-99' });
        expect(range.response.status).toBe(206);
        expect(range.response.headers.get('content-range')).toMatch(/^bytes 0-99\/\d+$/);
        expect(range.response.headers.get('content-disposition')).toBe('inline; filename="walkthrough.mp4"');
      } else {
        expect(asAdminPdf.first.status).toBe(302);
      }
    });
  });

  describe('who may add and open files', () => {
    let mine: ConsultationResponse;
    let someoneElses: ConsultationResponse;
    let fileUrl: string;

    beforeAll(async () => {
      mine = await start(owner);
      someoneElses = await start();
      const first = await upload(mine, uploadForm([{ field: 'images', name: 'a.jpg', bytes: jpeg() }]), {
        token: null,
        caller: owner,
      });
      expect(first.status).toBe(200);
      fileUrl = ((await first.json()) as UploadFilesResponse).files[0]!;
    });

    const oneImage = () => uploadForm([{ field: 'images', name: 'patio.png', bytes: png() }]);

    it('refuses a visitor without the upload token (401)', async () => {
      const response = await upload(mine, oneImage(), { token: null });
      expect(response.status).toBe(401);
      expect(((await response.json()) as { message: string }).message).toBe(UPLOAD_MESSAGES.missingToken);
    });

    it('refuses the token of another submission, and another signed-in user (403)', async () => {
      expect((await upload(mine, oneImage(), { token: someoneElses.uploadToken })).status).toBe(403);
      expect((await upload(mine, oneImage(), { token: null, caller: user() })).status).toBe(403);
      expect((await upload(mine, oneImage(), { token: 'x'.repeat(43) })).status).toBe(403);
    });

    it('lets the owner’s session, the token and an admin add files', async () => {
      expect((await upload(mine, oneImage(), { token: null, caller: owner })).status).toBe(200);
      expect((await upload(mine, oneImage())).status).toBe(200);
      expect((await upload(mine, oneImage(), { token: null, caller: boss })).status).toBe(200);
    });

    it('opens a file only for its owner and admins', async () => {
      expect((await download(null, fileUrl)).first.status).toBe(401);
      expect((await download(user(), fileUrl)).first.status).toBe(403);
      const asOwner = await download(owner, fileUrl);
      expect(asOwner.response.status).toBe(200);
      expect(asOwner.response.headers.get('content-type')).toBe('image/jpeg');
      expect((await download(boss, fileUrl)).response.status).toBe(200);
      expect((await download(owner, '/api/consultation-files/AAAAAAAAAAAAAAAAAAAAAAAA')).first.status).toBe(
        404,
      );
    });
  });

  describe('refusals', () => {
    let submission: ConsultationResponse;

    beforeAll(async () => {
      submission = await start();
    });

    it('refuses a video over the limit while streaming it, keeping the one under it and leaving no partial object', async () => {
      const before = await storedObjectCount();
      const response = await upload(
        submission,
        uploadForm([
          { field: 'videos', name: 'long-walkthrough.mp4', bytes: fakeMp4(VIDEO_LIMIT + 200_000) },
          { field: 'videos', name: 'walkthrough.mp4', bytes: await memberLessonMp4() },
        ]),
      );
      expect(response.status).toBe(200);
      const body = (await response.json()) as UploadFilesResponse;
      expect(body.files).toHaveLength(1);
      expect(body.rejected).toEqual([
        { fileName: 'long-walkthrough.mp4', reason: UPLOAD_MESSAGES.tooLarge(VIDEO_LIMIT) },
      ]);
      expect(body.rejected[0]!.reason).toBe('File is larger than the 293 KB limit');
      const after = await storedObjectCount();
      if (before !== null) expect(after).toBe(before + 1);
      if (!app.isS3) {
        const tmp = await readdir(path.join(app.backing.env.DATA_DIR!, 'objects', 'tmp')).catch(() => []);
        expect(tmp.filter((name) => name.endsWith('.data'))).toEqual([]);
      }
    });

    it('answers 400 with every reason when no file is kept, and stores nothing', async () => {
      const before = await storedObjectCount();
      const response = await upload(
        submission,
        uploadForm([
          { field: 'images', name: 'page.jpg', bytes: htmlPage() },
          { field: 'documents', name: 'notes.txt', bytes: Buffer.from('Plain notes about the menu.') },
          { field: 'videos', name: 'clip.mp4', bytes: png() },
          { field: 'images', name: 'empty.jpg', bytes: Buffer.alloc(0) },
        ]),
      );
      expect(response.status).toBe(400);
      const body = (await response.json()) as { message: string; rejected: unknown[] };
      expect(body.message).toBe('No files were accepted');
      expect(body.rejected).toEqual([
        { fileName: 'page.jpg', reason: UPLOAD_MESSAGES.notAllowed('image (JPEG, PNG, WebP, GIF, HEIC)') },
        { fileName: 'notes.txt', reason: UPLOAD_MESSAGES.notAllowed('document (PDF, DOC, DOCX)') },
        { fileName: 'clip.mp4', reason: UPLOAD_MESSAGES.notAllowed('video (MP4, MOV, WebM)') },
        { fileName: 'empty.jpg', reason: UPLOAD_MESSAGES.empty },
      ]);
      expect(await storedObjectCount()).toBe(before);
    });

    it('refuses files past the 30th and files without a fileType before them', async () => {
      const form = new FormData();
      form.append('files', new Blob([jpeg()]), 'no-kind.jpg');
      form.append('fileType', 'images');
      for (let i = 1; i <= 31; i++) form.append('files', new Blob([png(2, 2)]), `photo-${i}.png`);
      const response = await upload(submission, form);
      expect(response.status).toBe(200);
      const body = (await response.json()) as UploadFilesResponse;
      expect(body.files).toHaveLength(29);
      expect(body.rejected).toEqual([
        { fileName: 'no-kind.jpg', reason: UPLOAD_MESSAGES.missingKind },
        { fileName: 'photo-30.png', reason: UPLOAD_MESSAGES.tooMany },
        { fileName: 'photo-31.png', reason: UPLOAD_MESSAGES.tooMany },
      ]);
    });

    it('answers 400 when the form has no files, and 415 when it is not a form', async () => {
      const empty = new FormData();
      empty.append('fileType', 'images');
      const none = await upload(submission, empty);
      expect(none.status).toBe(400);
      expect(((await none.json()) as { message: string }).message).toBe(UPLOAD_MESSAGES.noFilesSent);
      const notForm = await app.request(`/api/consultation/${submission.submissionId}/upload`, {
        ...json({ files: [] }),
        headers: { 'content-type': 'application/json', 'X-Upload-Token': submission.uploadToken },
      });
      expect(notForm.status).toBe(415);
    });

    it('answers 404 and keeps nothing when the request is erased while its files arrive', async () => {
      const mine = await start();
      const keys = async () => {
        const found: string[] = [];
        for await (const key of app.service.deps.store!.list()) found.push(key);
        return found.sort();
      };
      const before = await keys();
      // The owner's account is erased after the upload's rights were checked, while its files stream in.
      const refused = await whileRequestErasedBeforeInsert(app, 'consultation_files', () =>
        upload(mine, uploadForm([{ field: 'images', name: 'dining-room.jpg', bytes: jpeg() }])),
      );
      expect(refused.status).toBe(404);
      expect(await refused.json()).toEqual({ message: UPLOAD_MESSAGES.notFound });
      expect(await keys()).toEqual(before);
    });

    it('keeps nothing from an upload that breaks off mid-file', async () => {
      const before = await storedObjectCount();
      const rowsBefore = (await app.service.deps.db.select().from(submissionFiles)).length;
      const boundary = '----h3boundary';
      const head = Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="fileType"\r\n\r\nimages\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="ok.png"\r\nContent-Type: image/png\r\n\r\n`,
      );
      const token = await signInternalToken({ kind: 'anonymous' }, SECRET);
      const url = new URL(`${app.service.url}/api/consultation/${submission.submissionId}/upload`);
      await new Promise<void>((resolve) => {
        const request = http.request(url, {
          method: 'POST',
          headers: {
            'content-type': `multipart/form-data; boundary=${boundary}`,
            'content-length': String(head.length + 200_000),
            [INTERNAL_TOKEN_HEADER]: token,
            'X-Upload-Token': submission.uploadToken,
          },
        });
        request.on('error', () => resolve());
        request.on('response', (response) => {
          response.resume();
          resolve();
        });
        request.write(head);
        request.write(png(64, 64));
        request.write(Buffer.alloc(50_000, 1), () => setTimeout(() => request.destroy(), 200));
      });
      // The service notices the broken request and cleans up.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect((await app.service.deps.db.select().from(submissionFiles)).length).toBe(rowsBefore);
      expect(await storedObjectCount()).toBe(before);
      if (!app.isS3) {
        const tmp = await readdir(path.join(app.backing.env.DATA_DIR!, 'objects', 'tmp')).catch(() => []);
        expect(tmp.filter((name) => name.endsWith('.data'))).toEqual([]);
      }
    });
  });

  describe('/additional-upload', () => {
    let submission: ConsultationResponse;

    beforeAll(async () => {
      submission = await start();
    });

    it('takes images, videos and documents (PDF, DOC, DOCX, TXT, JPG, PNG) by field name', async () => {
      const response = await upload(
        submission,
        additionalForm([
          { field: 'images', name: 'bar.png', bytes: png() },
          { field: 'videos', name: 'tour.mp4', bytes: await memberLessonMp4() },
          {
            field: 'documents',
            name: 'notes.txt',
            bytes: Buffer.from('Tuesday: 40 covers\nWednesday: 35 covers\n'),
          },
          { field: 'documents', name: 'menu.docx', bytes: docx() },
          { field: 'documents', name: 'menu-photo.jpg', bytes: jpeg() },
          { field: 'documents', name: 'page.txt', bytes: htmlPage() },
          { field: 'photos', name: 'x.png', bytes: png() },
        ]),
        { path: 'additional-files' },
      );
      expect(response.status).toBe(200);
      const body = (await response.json()) as UploadFilesResponse;
      expect(body.files).toHaveLength(5);
      expect(body.rejected.map((file) => file.fileName)).toEqual(['page.txt', 'x.png']);
      const row = (await listAsAdmin()).find((item) => item.id === submission.submissionId)!;
      expect(row).toMatchObject({ imageCount: 1, videoCount: 1, documentCount: 3 });
      expect(row.files.find((file) => file.originalName === 'notes.txt')?.contentType).toBe(
        'text/plain; charset=utf-8',
      );
    });

    it('records a file sent again under the id the page gave it once, on step 2 and here, also twice at once', async () => {
      const objectCount = async () => {
        let count = 0;
        for await (const _key of app.service.deps.store!.list()) count += 1;
        return count;
      };
      const objectsBefore = await objectCount();
      const mine = await start();
      const [photoId, menuId] = [randomUUID(), randomUUID()];
      const photo = { field: 'images', name: 'dining-room.jpg', bytes: jpeg(), id: photoId };
      const first = await upload(mine, uploadForm([photo]));
      expect(first.status).toBe(200);
      const firstAnswer = UploadFilesResponseSchema.parse(await first.json());
      // The answer was lost: the page sends the photo again on /additional-upload with the menu, twice at
      // once, and a photo of its own with no id.
      const again = () =>
        upload(
          mine,
          additionalForm([
            photo,
            { field: 'documents', name: 'menu.docx', bytes: docx(), id: menuId },
            { field: 'images', name: 'bar.png', bytes: png() },
          ]),
          { path: 'additional-files' },
        );
      const answers = await Promise.all([again(), again()]);
      const bodies = await Promise.all(
        answers.map(async (response) => {
          expect(response.status).toBe(200);
          return UploadFilesResponseSchema.parse(await response.json());
        }),
      );
      for (const body of bodies) {
        expect(body.files[0]).toBe(firstAnswer.files[0]);
        expect(body.files[1]).toBe(bodies[0]!.files[1]);
      }
      // The photo and the menu once, and each 'bar.png' sent without an id; no copy left in the store.
      const row = (await listAsAdmin()).find((item) => item.id === mine.submissionId)!;
      expect(row).toMatchObject({ imageCount: 3, documentCount: 1 });
      expect(await objectCount()).toBe(objectsBefore + 4);
    });

    it('accepts the token of an e-mailed link, and refuses it for another submission', async () => {
      const complete = await app.request(`/api/consultation/${submission.submissionId}/complete`, {
        method: 'POST',
        headers: { 'X-Upload-Token': submission.uploadToken },
      });
      expect(complete.status).toBe(200);
      const event = (await app.events('consultation.submission.completed')).find(
        (row) => row.data.submissionId === submission.submissionId,
      )!;
      const linkToken = event.data.addFilesToken as string;
      const form = () => additionalForm([{ field: 'images', name: 'terrace.jpg', bytes: jpeg() }]);
      expect((await upload(submission, form(), { token: linkToken, path: 'additional-files' })).status).toBe(
        200,
      );
      const other = await start();
      expect((await upload(other, form(), { token: linkToken, path: 'additional-files' })).status).toBe(403);
    });
  });
});
