/**
 * The consultation thread: the owner writes on their own submission, the admin answers, each side reads
 * the whole thread in order with who wrote when, and every message leaves one `consultation.message.posted`
 * for the notification service. Strangers get 404, members on the admin path 403, visitors 401; a blank,
 * too long or control-character message is refused with one message and nothing stored; past the limit
 * per person a 429.
 */
import { describe, expect, it } from '@jest/globals';
import {
  ConsultationMessageSchema,
  ConsultationThreadSchema,
  type ConsultationResponse,
} from '@platform/contracts';
import { RATE_LIMITED_MESSAGE } from '@platform/service-kit/rate-limits';
import { useBacking } from '@platform/service-kit/testing';
import { stepOne } from '../../__tests__/fixtures.js';
import {
  admin,
  backings,
  json,
  startConsultation,
  user,
  type ConsultationUnderTest,
} from '../../__tests__/harness.js';

const MESSAGES_PER_HOUR = 4;

describe.each(backings())('the consultation thread on $name', (factory) => {
  let app: ConsultationUnderTest;
  const boss = admin();
  const owner = user({ email: 'lena@corner-cafe.com' });
  let submission: ConsultationResponse;

  useBacking(factory, async (backing) => {
    app = await startConsultation(backing, {
      env: { CONSULTATION_MESSAGES_PER_HOUR: String(MESSAGES_PER_HOUR) },
    });
    const response = await app.requestAs(owner, '/api/consultation', json(stepOne({ email: owner.email })));
    submission = (await response.json()) as ConsultationResponse;
    return app;
  });

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
});
