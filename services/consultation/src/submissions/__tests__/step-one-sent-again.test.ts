/**
 * Step 1 sent again after a lost answer (docs/behaviour/consultation-and-contact.md#step-1-business-information;
 * docs/decisions.md, 119): under the `requestId` the page keeps while the values stay the same it is one
 * submission and one started event, each answer naming it with an upload token that works for step 2 (a
 * link token for as long as a 'Continue Later' link: the first token is kept only as its hash). The same id
 * with other values, or from someone else, is refused and stores nothing; a completed request sent again
 * stays completed; step 1 without an id is a new submission each time, as before.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import {
  CONSULTATION_MESSAGES,
  CONSULTATION_SAVED_MESSAGE,
  CONTINUE_LATER_MESSAGES,
  CONTINUE_LINK_TTL_DAYS,
  ConsultationResponseSchema,
  UPLOAD_MESSAGES,
  type ConsultationRequest,
  type ConsultationResponse,
} from '@platform/contracts';
import { DAY, SettableClock } from '@platform/service-kit/clock';
import { eq } from 'drizzle-orm';
import { addFilesLinks, submissions } from '../../db/schema.js';
import { jpeg, stepOne, uploadForm } from '../../__tests__/fixtures.js';
import { backings, json, useConsultation, user, type UserCaller } from '../../__tests__/harness.js';

describe.each(backings())('step 1 sent again on $name', (factory) => {
  const clock = new SettableClock('2031-06-02T08:00:00.000Z');
  const app = useConsultation(factory, { clock });

  const send = (body: unknown, caller?: UserCaller) =>
    caller
      ? app.requestAs(caller, '/api/consultation', json(body))
      : app.request('/api/consultation', json(body));
  const answerOf = async (response: Response): Promise<ConsultationResponse> => {
    expect(response.status).toBe(200);
    return ConsultationResponseSchema.parse(await response.json());
  };
  const rowsFor = async (email: string) =>
    app.service.deps.db.select().from(submissions).where(eq(submissions.email, email));
  const startedFor = async (submissionId: string) =>
    (await app.events('consultation.submission.started')).filter(
      (event) => event.data.submissionId === submissionId,
    );
  const completedFor = async (submissionId: string) =>
    (await app.events('consultation.submission.completed')).filter(
      (event) => event.data.submissionId === submissionId,
    );
  const upload = (submissionId: string, token: string) =>
    app.request(`/api/consultation/${submissionId}/upload`, {
      method: 'POST',
      headers: { 'X-Upload-Token': token },
      body: uploadForm([{ field: 'images', name: 'dining-room.jpg', bytes: jpeg() }]),
    });
  const complete = (submissionId: string, token: string) =>
    app.request(`/api/consultation/${submissionId}/complete`, {
      method: 'POST',
      headers: { 'X-Upload-Token': token },
    });
  const form = (fields: Partial<ConsultationRequest> = {}) =>
    stepOne({
      email: `owner-${randomUUID().slice(0, 8)}@harbor-grill.com`,
      requestId: randomUUID(),
      ...fields,
    });

  it.each([
    ['a visitor', undefined],
    ['a signed-in owner', user()],
  ])(
    'from %s, three at once and once more, is one submission whose every answer works for step 2',
    async (_who, caller) => {
      const sent = form({ email: ` Owner.${randomUUID().slice(0, 8)}@Harbor-Grill.com ` });
      const atOnce = await Promise.all([send(sent, caller), send(sent, caller), send(sent, caller)]);
      const answers = await Promise.all(atOnce.map(answerOf));
      answers.push(await answerOf(await send(sent, caller)));

      const [first] = answers as [ConsultationResponse];
      for (const answer of answers) {
        expect(answer.submissionId).toBe(first.submissionId);
        expect(answer.message).toBe(CONSULTATION_SAVED_MESSAGE);
      }
      expect(new Set(answers.map((answer) => answer.uploadToken)).size).toBe(answers.length);
      const rows = await rowsFor(sent.email.trim().toLowerCase());
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ id: first.submissionId, userId: caller?.userId ?? null });
      expect(await startedFor(first.submissionId)).toHaveLength(1);

      // Every answer's token uploads to the request and completes it (the first completion only sends).
      for (const answer of answers)
        expect((await upload(first.submissionId, answer.uploadToken)).status).toBe(200);
      for (const answer of answers)
        expect((await complete(first.submissionId, answer.uploadToken)).status).toBe(200);
      expect(await completedFor(first.submissionId)).toHaveLength(1);
      expect((await completedFor(first.submissionId))[0]!.data.imageCount).toBe(answers.length);
    },
  );

  it("gives a resend a token that lives as long as a 'Continue Later' link, and keeps the first one", async () => {
    const sent = form();
    const first = await answerOf(await send(sent));
    const again = await answerOf(await send(sent));
    expect(again.submissionId).toBe(first.submissionId);
    clock.advance(CONTINUE_LINK_TTL_DAYS * DAY - 1000);
    expect((await upload(first.submissionId, again.uploadToken)).status).toBe(200);
    clock.advance(2000);
    expect((await upload(first.submissionId, again.uploadToken)).status).toBe(403);
    expect((await upload(first.submissionId, first.uploadToken)).status).toBe(200);
  });

  it.each<[string, Partial<ConsultationRequest>]>([
    ['another business name', { businessName: 'Harbor Grill Two LLC' }],
    ['another phone', { phone: '' }],
    ['other goals', { consultationGoals: 'Open a second location downtown within the next year.' }],
  ])('refuses the same id with %s, and stores nothing', async (_what, change) => {
    const sent = form();
    const first = await answerOf(await send(sent));
    const linksBefore = await app.service.deps.db.select().from(addFilesLinks);
    const refused = await send({ ...sent, ...change });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({
      message: CONSULTATION_MESSAGES.requestIdTaken,
      issues: [{ path: 'requestId', message: 'This request id belongs to another request' }],
    });
    expect(await rowsFor(sent.email)).toHaveLength(1);
    expect(await startedFor(first.submissionId)).toHaveLength(1);
    expect(await app.service.deps.db.select().from(addFilesLinks)).toHaveLength(linksBefore.length);
  });

  it('refuses the same id from someone else: another account, or signed in after sending as a visitor', async () => {
    const owner = user();
    const sent = form();
    await answerOf(await send(sent, owner));
    expect((await send(sent, user())).status).toBe(409);
    expect((await send(sent)).status).toBe(409);

    const asVisitor = form();
    await answerOf(await send(asVisitor));
    expect((await send(asVisitor, owner)).status).toBe(409);
    expect(await rowsFor(sent.email)).toHaveLength(1);
    expect(await rowsFor(asVisitor.email)).toHaveLength(1);
  });

  it('is the same request when only what the form tidies differs (spaces, the case of the address)', async () => {
    const sent = form();
    const first = await answerOf(await send(sent));
    const tidied = {
      ...sent,
      email: ` ${sent.email.toUpperCase()} `,
      businessName: ` ${sent.businessName} `,
    };
    expect((await answerOf(await send(tidied))).submissionId).toBe(first.submissionId);
  });

  it.each(['not-a-uuid', '12345', ''])('answers the id %j with 400 and its message', async (requestId) => {
    const sent = form({ requestId });
    const response = await send(sent);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toBe('The request id must be a UUID');
    expect(await rowsFor(sent.email)).toHaveLength(0);
  });

  it('leaves a completed request completed when its step 1 comes again', async () => {
    const sent = form();
    const first = await answerOf(await send(sent));
    expect((await complete(first.submissionId, first.uploadToken)).status).toBe(200);
    const [before] = await rowsFor(sent.email);

    const again = await answerOf(await send(sent));
    expect(again.submissionId).toBe(first.submissionId);
    expect(await rowsFor(sent.email)).toEqual([before]);
    expect(await startedFor(first.submissionId)).toHaveLength(1);
    // Its token opens nothing the request's own token does not: a second completion sends nothing, and
    // 'Continue Later' is refused for a completed request.
    expect((await complete(first.submissionId, again.uploadToken)).status).toBe(200);
    expect(await completedFor(first.submissionId)).toHaveLength(1);
    const later = await app.request(`/api/consultation/${first.submissionId}/continue-later`, {
      method: 'POST',
      headers: { 'X-Upload-Token': again.uploadToken },
    });
    expect(later.status).toBe(409);
    expect(((await later.json()) as { message: string }).message).toBe(
      CONTINUE_LATER_MESSAGES.alreadyCompleted,
    );
    // A resend's token opens only its own request.
    const other = await answerOf(await send(form()));
    const elsewhere = await upload(other.submissionId, again.uploadToken);
    expect(elsewhere.status).toBe(403);
    expect(((await elsewhere.json()) as { message: string }).message).toBe(UPLOAD_MESSAGES.wrongToken);
  });

  it('makes a new submission each time without an id, as before', async () => {
    const { requestId: _none, ...sent } = form();
    const first = await answerOf(await send(sent));
    const second = await answerOf(await send(sent));
    expect(second.submissionId).not.toBe(first.submissionId);
    expect(await rowsFor(sent.email)).toHaveLength(2);
    expect(await startedFor(first.submissionId)).toHaveLength(1);
    expect(await startedFor(second.submissionId)).toHaveLength(1);
  });
});
