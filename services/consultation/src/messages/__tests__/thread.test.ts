/**
 * The consultation thread: the owner writes on their own submission, the admin answers, each side reads
 * the whole thread in order with who wrote when, and every message leaves one `consultation.message.posted`
 * for the notification service. Strangers get 404, members on the admin path 403, visitors 401; a blank,
 * too long or control-character message is refused with one message and nothing stored; past the limit
 * per person a 429. Files on the admin's answer (docs/decisions.md, 107): both sides see them under the
 * message, the owner and the admin download them, a stranger gets 404; a wrong type, a too large file or too
 * many files refuse the whole message with a clear message, and nothing is stored (no row, no object, no
 * event).
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import {
  CONSULTATION_MESSAGE_FILE_MAX_BYTES,
  ConsultationMessageSchema,
  ConsultationThreadSchema,
  type ConsultationResponse,
} from '@platform/contracts';
import { RATE_LIMITED_MESSAGE } from '@platform/service-kit/rate-limits';
import { messageFiles } from '../../db/schema.js';
import { htmlPage, png, workbookPdf } from '../../__tests__/fixtures.js';
import {
  admin,
  backings,
  json,
  sendStepOne,
  useConsultation,
  user,
  whileRequestErasedBeforeInsert,
  type UserCaller,
} from '../../__tests__/harness.js';

const MESSAGES_PER_HOUR = 4;

describe.each(backings())('the consultation thread on $name', (factory) => {
  const boss = admin();
  const owner = user({ email: 'lena@corner-cafe.com' });
  let submission: ConsultationResponse;

  const app = useConsultation(
    factory,
    { env: { CONSULTATION_MESSAGES_PER_HOUR: String(MESSAGES_PER_HOUR) } },
    async () => {
      submission = await sendStepOne(app, owner);
    },
  );

  const ownerPath = () => `/api/consultations/${submission.submissionId}/messages`;
  const adminPath = () => `/api/admin/consultations/${submission.submissionId}/messages`;

  it('lets the owner write and the admin answer, each seeing the whole thread in order', async () => {
    const asked = await app.requestAs(
      owner,
      ownerPath(),
      json({ body: '  Can we talk about the patio?\nIt seats 20.  ' }),
    );
    expect(asked.status).toBe(201);
    const question = ConsultationMessageSchema.parse(await asked.json());
    expect(question).toMatchObject({
      submissionId: submission.submissionId,
      author: 'owner',
      authorName: 'Maria Lopez',
      body: 'Can we talk about the patio?\nIt seats 20.',
    });

    const answered = await app.requestAs(boss, adminPath(), json({ body: 'Yes: <b>Tuesday</b> at 10.' }));
    expect(answered.status).toBe(201);

    for (const [caller, path] of [
      [owner, ownerPath()],
      [boss, adminPath()],
    ] as const) {
      const response = await app.requestAs(caller, path);
      expect(response.status).toBe(200);
      const thread = ConsultationThreadSchema.parse(await response.json());
      expect(thread.map(({ author, authorName, body }) => ({ author, authorName, body }))).toEqual([
        { author: 'owner', authorName: 'Maria Lopez', body: 'Can we talk about the patio?\nIt seats 20.' },
        { author: 'admin', authorName: 'Restaurant Consultant', body: 'Yes: <b>Tuesday</b> at 10.' },
      ]);
      expect(Date.parse(thread[0]!.createdAt)).toBeLessThanOrEqual(Date.parse(thread[1]!.createdAt));
    }

    const posted = await app.events('consultation.message.posted');
    expect(posted.map((event) => event.data)).toEqual([
      expect.objectContaining({
        messageId: question.id,
        submissionId: submission.submissionId,
        author: 'owner',
        email: 'lena@corner-cafe.com',
        ownerName: 'Maria Lopez',
        businessName: 'Blue Door Bistro LLC',
        body: 'Can we talk about the patio?\nIt seats 20.',
      }),
      expect.objectContaining({ author: 'admin', body: 'Yes: <b>Tuesday</b> at 10.' }),
    ]);
  });

  it('answers 404 to another member on the owner path, 403 to a member on the admin path, 401 to visitors', async () => {
    const stranger = user();
    for (const init of [undefined, json({ body: 'Let me in' })]) {
      const other = await app.requestAs(stranger, ownerPath(), init);
      expect(other.status).toBe(404);
      expect(await other.json()).toEqual({ message: 'Consultation not found' });
      expect((await app.requestAs(owner, adminPath(), init)).status).toBe(403);
      expect((await app.request(ownerPath(), init)).status).toBe(401);
      expect((await app.request(adminPath(), init)).status).toBe(401);
    }
    const unknown = await app.requestAs(boss, '/api/admin/consultations/nope/messages');
    expect(unknown.status).toBe(404);
    expect(await app.events('consultation.message.posted')).toHaveLength(2);
  });

  it.each([
    ['a blank', { body: '   ' }, 'Please write your message'],
    ['a missing', {}, 'Please write your message'],
    ['a 5,001-character', { body: 'x'.repeat(5001) }, 'Your message must be at most 5,000 characters'],
    [
      'a control-character',
      { body: 'bell \u0007' },
      'Please remove the unsupported characters (such as control characters).',
    ],
  ])('refuses %s message with one message and stores nothing', async (_name, body, message) => {
    const response = await app.requestAs(owner, ownerPath(), json(body));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message, issues: [{ path: 'body', message }] });
    const thread = ConsultationThreadSchema.parse(await (await app.requestAs(owner, ownerPath())).json());
    expect(thread).toHaveLength(2);
  });

  it('takes 5,000 characters', async () => {
    const response = await app.requestAs(owner, ownerPath(), json({ body: 'y'.repeat(5000) }));
    expect(response.status).toBe(201);
  });

  it('limits messages per person: past the limit a 429 and nothing stored, others unaffected', async () => {
    const busy = admin();
    for (let sent = 0; sent < MESSAGES_PER_HOUR; sent += 1) {
      expect((await app.requestAs(busy, adminPath(), json({ body: `Note ${sent}` }))).status).toBe(201);
    }
    const refused = await app.requestAs(busy, adminPath(), json({ body: 'One more' }));
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await refused.json()).toMatchObject({ message: RATE_LIMITED_MESSAGE });
    expect((await app.requestAs(boss, adminPath(), json({ body: 'Still here' }))).status).toBe(201);
    const thread = ConsultationThreadSchema.parse(await (await app.requestAs(boss, adminPath())).json());
    expect(thread.map((message) => message.body)).not.toContain('One more');
    expect(thread).toHaveLength(3 + MESSAGES_PER_HOUR + 1);
  });

  // Files on the admin's answer (docs/decisions.md, 107): last, so the counts above stay as they are.
  describe('files on the admin’s answer', () => {
    function form(body: string, files: { name: string; bytes: Buffer; type: string }[]): FormData {
      const data = new FormData();
      data.append('body', body);
      for (const file of files) data.append('files', new Blob([file.bytes], { type: file.type }), file.name);
      return data;
    }

    /** GET as `caller`, following S3's presigned redirect the way a browser does. */
    async function download(caller: UserCaller, url: string): Promise<Response> {
      const first = await app.requestAs(caller, url, { redirect: 'manual' });
      if (first.status !== 302) return first;
      return fetch(first.headers.get('location')!);
    }

    async function storedObjects(): Promise<number> {
      let count = 0;
      for await (const _key of app.service.deps.store!.list()) count += 1;
      return count;
    }

    it('stores the files with the message; owner and admin download them, a stranger gets 404', async () => {
      const pdf = await workbookPdf();
      const photo = png(32, 24);
      const sent = await app.requestAs(admin(), adminPath(), {
        method: 'POST',
        body: form('Here is the plan.', [
          { name: 'floor-plan.pdf', bytes: pdf, type: 'application/pdf' },
          { name: 'patio (annotated).png', bytes: photo, type: 'image/png' },
        ]),
      });
      expect(sent.status).toBe(201);
      const message = ConsultationMessageSchema.parse(await sent.json());
      expect(message.body).toBe('Here is the plan.');
      expect(message.files.map(({ name, size, contentType }) => ({ name, size, contentType }))).toEqual([
        { name: 'floor-plan.pdf', size: pdf.length, contentType: 'application/pdf' },
        { name: 'patio (annotated).png', size: photo.length, contentType: 'image/png' },
      ]);

      for (const [caller, path] of [
        [owner, ownerPath()],
        [boss, adminPath()],
      ] as const) {
        const thread = ConsultationThreadSchema.parse(await (await app.requestAs(caller, path)).json());
        expect(thread.at(-1)!.files).toEqual(message.files);
      }

      const [pdfFile, photoFile] = message.files;
      for (const caller of [owner, boss]) {
        const got = await download(caller, pdfFile!.path);
        expect(got.status).toBe(200);
        expect(got.headers.get('content-type')).toBe('application/pdf');
        expect(got.headers.get('content-disposition')).toContain('attachment');
        expect(Buffer.from(await got.arrayBuffer()).equals(pdf)).toBe(true);
      }
      const image = await download(owner, photoFile!.path);
      expect(image.headers.get('content-type')).toBe('image/png');
      expect(Buffer.from(await image.arrayBuffer()).equals(photo)).toBe(true);

      const stranger = await app.requestAs(user(), pdfFile!.path, { redirect: 'manual' });
      expect(stranger.status).toBe(404);
      expect(await stranger.json()).toEqual({ message: 'File not found' });
      expect((await app.request(pdfFile!.path)).status).toBe(401);
      expect((await app.requestAs(owner, '/api/consultation-message-files/nope')).status).toBe(404);

      const posted = (await app.events('consultation.message.posted')).find(
        (event) => (event.data as { messageId: string }).messageId === message.id,
      );
      expect(posted!.data).toMatchObject({ messageId: message.id, author: 'admin', fileCount: 2 });
    });

    it.each([
      [
        'a wrong type',
        () => [{ name: 'plan.pdf', bytes: htmlPage(), type: 'application/pdf' }],
        'File content is not an accepted image (JPEG, PNG, WebP, GIF) or PDF type',
      ],
      [
        'a too large file',
        () => [
          {
            name: 'huge.png',
            bytes: Buffer.concat([png(), Buffer.alloc(CONSULTATION_MESSAGE_FILE_MAX_BYTES)]),
            type: 'image/png',
          },
        ],
        'Each file must be at most 10 MB',
      ],
      [
        'a sixth file',
        () =>
          Array.from({ length: 6 }, (_, index) => ({
            name: `photo-${index}.png`,
            bytes: png(),
            type: 'image/png',
          })),
        'Attach at most 5 files to one message',
      ],
    ])('refuses %s with a clear message and stores nothing', async (_name, files, reason) => {
      const messagesBefore = ConsultationThreadSchema.parse(
        await (await app.requestAs(boss, adminPath())).json(),
      ).length;
      const rowsBefore = (await app.service.deps.db.select().from(messageFiles)).length;
      const objectsBefore = await storedObjects();
      const eventsBefore = (await app.events('consultation.message.posted')).length;

      const refused = await app.requestAs(admin(), adminPath(), {
        method: 'POST',
        body: form('With a file that will not do.', files()),
      });
      expect(refused.status).toBe(400);
      const answer = (await refused.json()) as {
        message: string;
        rejected: { fileName: string; reason: string }[];
      };
      expect(answer.message).toBe('The message was not sent: a file could not be attached');
      expect(answer.rejected.map((file) => file.reason)).toContain(reason);

      const thread = ConsultationThreadSchema.parse(await (await app.requestAs(boss, adminPath())).json());
      expect(thread).toHaveLength(messagesBefore);
      expect(await app.service.deps.db.select().from(messageFiles)).toHaveLength(rowsBefore);
      expect(await storedObjects()).toBe(objectsBefore);
      expect(await app.events('consultation.message.posted')).toHaveLength(eventsBefore);
    });

    it('answers 404 and keeps none of the files when the request is erased while they arrive', async () => {
      const erased = await sendStepOne(app, user({ email: 'gone@harbour-grill.com' }));
      const objectsBefore = await storedObjects();
      const eventsBefore = (await app.events('consultation.message.posted')).length;
      // The owner's account is erased after the admin's rights were checked, while the files stream in.
      const refused = await whileRequestErasedBeforeInsert(app, 'consultation_messages', () =>
        app.requestAs(boss, `/api/admin/consultations/${erased.submissionId}/messages`, {
          method: 'POST',
          body: form('Here is the plan.', [{ name: 'plan.png', bytes: png(), type: 'image/png' }]),
        }),
      );
      expect(refused.status).toBe(404);
      expect(await refused.json()).toEqual({ message: 'Consultation not found' });
      expect(await storedObjects()).toBe(objectsBefore);
      expect(await app.events('consultation.message.posted')).toHaveLength(eventsBefore);
    });

    it('gives back the hour’s use of an answer refused for its files or its text', async () => {
      const writer = admin();
      for (let tried = 0; tried < MESSAGES_PER_HOUR; tried += 1) {
        const refused = await app.requestAs(writer, adminPath(), {
          method: 'POST',
          body:
            tried % 2 === 0
              ? form('The plan.', [{ name: 'plan.pdf', bytes: htmlPage(), type: 'application/pdf' }])
              : form('  ', [{ name: 'plan.png', bytes: png(), type: 'image/png' }]),
        });
        expect(refused.status).toBe(400);
      }
      // Every message of the hour is still there.
      for (let sent = 0; sent < MESSAGES_PER_HOUR; sent += 1) {
        const posted = await app.requestAs(writer, adminPath(), {
          method: 'POST',
          body: form(`The plan, take ${sent}.`, [{ name: 'plan.png', bytes: png(), type: 'image/png' }]),
        });
        expect(posted.status).toBe(201);
      }
      expect((await app.requestAs(writer, adminPath(), json({ body: 'One more' }))).status).toBe(429);
    });

    it('refuses a blank message with files, keeping none of them; members cannot post files', async () => {
      const objectsBefore = await storedObjects();
      const blank = await app.requestAs(admin(), adminPath(), {
        method: 'POST',
        body: form('  ', [{ name: 'a.png', bytes: png(), type: 'image/png' }]),
      });
      expect(blank.status).toBe(400);
      expect(await blank.json()).toMatchObject({ message: 'Please write your message' });
      expect(await storedObjects()).toBe(objectsBefore);

      const member = await app.requestAs(owner, adminPath(), {
        method: 'POST',
        body: form('Me too', [{ name: 'a.png', bytes: png(), type: 'image/png' }]),
      });
      expect(member.status).toBe(403);
      expect(await storedObjects()).toBe(objectsBefore);
    });

    it('posts a message sent again under its id once, files and e-mail included, also twice at once', async () => {
      const writer = admin();
      const messageId = randomUUID();
      const objectsBefore = await storedObjects();
      const eventsBefore = (await app.events('consultation.message.posted')).length;
      const send = () => {
        const data = form('The plan, annotated.', [
          { name: 'plan.png', bytes: png(40, 30), type: 'image/png' },
        ]);
        data.append('messageId', messageId);
        return app.requestAs(writer, adminPath(), { method: 'POST', body: data });
      };
      const first = await send();
      expect(first.status).toBe(201);
      const posted = ConsultationMessageSchema.parse(await first.json());
      expect(posted.id).toBe(messageId);
      // The answer was lost: the page sends it again, twice at once.
      for (const again of await Promise.all([send(), send()])) {
        expect(again.status).toBe(201);
        expect(ConsultationMessageSchema.parse(await again.json())).toEqual(posted);
      }
      const thread = ConsultationThreadSchema.parse(await (await app.requestAs(boss, adminPath())).json());
      expect(thread.filter((message) => message.id === messageId)).toHaveLength(1);
      expect(await storedObjects()).toBe(objectsBefore + 1);
      expect(await app.events('consultation.message.posted')).toHaveLength(eventsBefore + 1);
      // The resends gave their uses back: the rest of the hour's messages are still there.
      for (let sent = 1; sent < MESSAGES_PER_HOUR; sent += 1) {
        expect((await app.requestAs(writer, adminPath(), json({ body: `Note ${sent}` }))).status).toBe(201);
      }
      expect((await app.requestAs(writer, adminPath(), json({ body: 'One more' }))).status).toBe(429);
    });
  });

  describe('a message sent again under its id', () => {
    it('does not count against the limit, and is answered even past it', async () => {
      const writer = user({ email: `owner-${randomUUID().slice(0, 8)}@corner-cafe.com` });
      const mine = await sendStepOne(app, writer);
      const path = `/api/consultations/${mine.submissionId}/messages`;
      const first = { body: 'Did the menu arrive?', messageId: randomUUID() };
      const send = (request: object) => app.requestAs(writer, path, json(request));
      expect((await send(first)).status).toBe(201);
      for (const again of await Promise.all([send(first), send(first), send(first)])) {
        expect(again.status).toBe(201);
      }
      // Three resends later, the rest of the hour's messages are still there.
      for (let sent = 1; sent < MESSAGES_PER_HOUR; sent += 1) {
        expect((await send({ body: `Question ${sent}`, messageId: randomUUID() })).status).toBe(201);
      }
      expect((await send({ body: 'One too many', messageId: randomUUID() })).status).toBe(429);
      const late = await send(first);
      expect(late.status).toBe(201);
      expect(ConsultationMessageSchema.parse(await late.json())).toMatchObject({
        id: first.messageId,
        body: first.body,
      });
      const thread = ConsultationThreadSchema.parse(await (await app.requestAs(writer, path)).json());
      expect(thread).toHaveLength(MESSAGES_PER_HOUR);
    });

    it("is the owner's one message, answered as the first time", async () => {
      const writer = user({ email: `owner-${randomUUID().slice(0, 8)}@corner-cafe.com` });
      const mine = await sendStepOne(app, writer);
      const path = `/api/consultations/${mine.submissionId}/messages`;
      const messageId = randomUUID();
      const request = { body: 'Is Tuesday still good?', messageId };
      const answers = await Promise.all([1, 2, 3].map(() => app.requestAs(writer, path, json(request))));
      const bodies = await Promise.all(
        answers.map(async (answer) => {
          expect(answer.status).toBe(201);
          return ConsultationMessageSchema.parse(await answer.json());
        }),
      );
      expect(new Set(bodies.map((body) => JSON.stringify(body))).size).toBe(1);
      const thread = ConsultationThreadSchema.parse(await (await app.requestAs(writer, path)).json());
      expect(thread.map((message) => [message.id, message.body])).toEqual([
        [messageId, 'Is Tuesday still good?'],
      ]);
      const events = (await app.events('consultation.message.posted')).filter(
        (event) => event.data.submissionId === mine.submissionId,
      );
      expect(events).toHaveLength(1);

      // The same id with other words, or on another's request, is another message's: 409, nothing kept.
      const changed = await app.requestAs(writer, path, json({ ...request, body: 'Is Wednesday good?' }));
      expect(changed.status).toBe(409);
      expect(await changed.json()).toEqual({
        message: 'This message id belongs to another message',
        issues: [{ path: 'messageId', message: 'This message id belongs to another message' }],
      });
      const elsewhere = await app.requestAs(owner, ownerPath(), json(request));
      expect(elsewhere.status).toBe(409);
      const invalid = await app.requestAs(writer, path, json({ ...request, messageId: 'again' }));
      expect(invalid.status).toBe(400);
      expect(await invalid.json()).toEqual({
        message: 'The message id must be a UUID',
        issues: [{ path: 'messageId', message: 'The message id must be a UUID' }],
      });
      expect(ConsultationThreadSchema.parse(await (await app.requestAs(writer, path)).json())).toHaveLength(
        1,
      );
    });
  });
});
