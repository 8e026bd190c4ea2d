/**
 * 'Continue Later' on step 2 (docs/behaviour/consultation-and-contact.md#continue-later): the owner's address
 * gets a link back to step 2 through the notification service's event; the link opens the submission, works
 * for uploads and completion, expires after 30 days, and is stored only as its hash. Only the upload token's
 * holder may ask, a completed request is refused, and one address gets at most a few such e-mails an hour.
 * The token's holder can also ask whether the request is still open (the page's offer to continue).
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import {
  CONTINUE_LATER_MESSAGES,
  CONTINUE_LINK_TTL_DAYS,
  ConsultationAccessSchema,
  ConsultationProgressSchema,
  ContinueLaterResponseSchema,
  INVALID_LINK_MESSAGE,
  type ConsultationResponse,
} from '@platform/contracts';
import { DAY, SettableClock } from '@platform/service-kit/clock';
import { eq } from 'drizzle-orm';
import { addFilesLinks } from '../../db/schema.js';
import type { RateLimits } from '../../http/rate-limits.js';
import { hashToken } from '../../lib/tokens.js';
import { jpeg, uploadForm } from '../../__tests__/fixtures.js';
import { backings, sendStepOne, useConsultation, user, whileErased } from '../../__tests__/harness.js';
import { continueLater as askToContinueLater } from '../continue-later.js';
import { findSubmission } from '../submissions.repository.js';

describe.each(backings())("'Continue Later' on $name", (factory) => {
  const clock = new SettableClock('2031-05-04T09:00:00.000Z');
  const app = useConsultation(factory, { clock });

  async function startRequest(): Promise<ConsultationResponse & { email: string }> {
    const email = `owner-${randomUUID().slice(0, 8)}@lopez-family-foods.com`;
    const fields = { email, businessName: 'Lopez Family Foods LLC', ownerName: 'Ana Lopez' };
    return { ...(await sendStepOne(app, undefined, fields)), email };
  }

  const continueLater = (submissionId: string, headers: Record<string, string> = {}) =>
    app.request(`/api/consultation/${submissionId}/continue-later`, { method: 'POST', headers });

  const linkEventsFor = async (submissionId: string) =>
    (await app.events('consultation.continue-link.requested')).filter(
      (event) => event.data.submissionId === submissionId,
    );

  it('e-mails the owner a link back to step 2 that opens the submission and authorises its uploads', async () => {
    const saved = await startRequest();
    const response = await continueLater(saved.submissionId, { 'X-Upload-Token': saved.uploadToken });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body = ContinueLaterResponseSchema.parse(await response.json());
    expect(body.message).toBe(CONTINUE_LATER_MESSAGES.sent);
    expect(new Date(body.expiresAt).getTime()).toBe(clock.now().getTime() + CONTINUE_LINK_TTL_DAYS * DAY);

    const [event, ...more] = await linkEventsFor(saved.submissionId);
    expect(more).toHaveLength(0);
    expect(event!.data).toMatchObject({
      email: saved.email,
      ownerName: 'Ana Lopez',
      businessName: 'Lopez Family Foods LLC',
      expiresAt: body.expiresAt,
    });
    const token = event!.data.token as string;
    expect(token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(token).not.toBe(saved.uploadToken);
    const [stored] = await app.service.deps.db
      .select()
      .from(addFilesLinks)
      .where(eq(addFilesLinks.tokenHash, hashToken(token)));
    expect(stored).toMatchObject({ submissionId: saved.submissionId, purpose: 'continue' });

    const access = await app.request(`/api/consultation/access?token=${token}`);
    expect(access.status).toBe(200);
    expect(ConsultationAccessSchema.parse(await access.json())).toMatchObject({
      submissionId: saved.submissionId,
      businessName: 'Lopez Family Foods LLC',
      uploadToken: token,
      completed: false,
    });

    const upload = await app.request(`/api/consultation/${saved.submissionId}/upload`, {
      method: 'POST',
      headers: { 'X-Upload-Token': token },
      body: uploadForm([{ field: 'images', name: 'dining-room.jpg', bytes: jpeg() }]),
    });
    expect(upload.status).toBe(200);
    const complete = await app.request(`/api/consultation/${saved.submissionId}/complete`, {
      method: 'POST',
      headers: { 'X-Upload-Token': token },
    });
    expect(complete.status).toBe(200);
    const [completed] = (await app.events('consultation.submission.completed')).filter(
      (item) => item.data.submissionId === saved.submissionId,
    );
    expect(completed?.data.imageCount).toBe(1);

    // Completed: the link says so (the page sends the owner to /additional-upload), and no new link is sent.
    const after = await app.request(`/api/consultation/access?token=${token}`);
    expect(ConsultationAccessSchema.parse(await after.json()).completed).toBe(true);
    const again = await continueLater(saved.submissionId, { 'X-Upload-Token': saved.uploadToken });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ message: CONTINUE_LATER_MESSAGES.alreadyCompleted });
    expect(await linkEventsFor(saved.submissionId)).toHaveLength(1);
  });

  it('tells the holder of the upload token whether the request is still open', async () => {
    const saved = await startRequest();
    const progress = (headers: Record<string, string> = {}) =>
      app.request(`/api/consultation/${saved.submissionId}/progress`, { headers });
    const open = await progress({ 'X-Upload-Token': saved.uploadToken });
    expect(open.status).toBe(200);
    expect(ConsultationProgressSchema.parse(await open.json())).toEqual({
      submissionId: saved.submissionId,
      businessName: 'Lopez Family Foods LLC',
      completed: false,
    });
    expect((await progress()).status).toBe(401);
    const other = await startRequest();
    expect((await progress({ 'X-Upload-Token': other.uploadToken })).status).toBe(403);

    await app.request(`/api/consultation/${saved.submissionId}/complete`, {
      method: 'POST',
      headers: { 'X-Upload-Token': saved.uploadToken },
    });
    const done = await progress({ 'X-Upload-Token': saved.uploadToken });
    expect(ConsultationProgressSchema.parse(await done.json()).completed).toBe(true);
  });

  it('is refused without the upload token, with another one, and to a stranger', async () => {
    const saved = await startRequest();
    const other = await startRequest();
    const anonymous = await continueLater(saved.submissionId);
    expect(anonymous.status).toBe(401);
    const wrongToken = await continueLater(saved.submissionId, { 'X-Upload-Token': other.uploadToken });
    expect(wrongToken.status).toBe(403);
    const stranger = await app.requestAs(user(), `/api/consultation/${saved.submissionId}/continue-later`, {
      method: 'POST',
    });
    expect(stranger.status).toBe(403);
    const unknown = await continueLater('AAAAAAAAAAAAAAAAAAAAAAAA', { 'X-Upload-Token': saved.uploadToken });
    expect(unknown.status).toBe(404);
    expect(await linkEventsFor(saved.submissionId)).toHaveLength(0);
  });

  it('sends one address at most three links an hour, answering the same', async () => {
    const saved = await startRequest();
    for (let press = 0; press < 5; press += 1) {
      const response = await continueLater(saved.submissionId, { 'X-Upload-Token': saved.uploadToken });
      expect(response.status).toBe(200);
      expect(((await response.json()) as { message: string }).message).toBe(CONTINUE_LATER_MESSAGES.sent);
    }
    expect(await linkEventsFor(saved.submissionId)).toHaveLength(3);
  });

  it('stops opening the submission once the link is 30 days old', async () => {
    const saved = await startRequest();
    await continueLater(saved.submissionId, { 'X-Upload-Token': saved.uploadToken });
    const [event] = await linkEventsFor(saved.submissionId);
    const token = event!.data.token as string;
    clock.advance(CONTINUE_LINK_TTL_DAYS * DAY - 60_000);
    expect((await app.request(`/api/consultation/access?token=${token}`)).status).toBe(200);
    clock.advance(2 * 60_000);
    const expired = await app.request(`/api/consultation/access?token=${token}`);
    expect(expired.status).toBe(400);
    expect(await expired.json()).toMatchObject({ message: INVALID_LINK_MESSAGE });
    const upload = await app.request(`/api/consultation/${saved.submissionId}/upload`, {
      method: 'POST',
      headers: { 'X-Upload-Token': token },
      body: uploadForm([{ field: 'images', name: 'late.jpg', bytes: jpeg() }]),
    });
    expect(upload.status).toBe(403);
  });

  // The request erased (its owner's account deleted in another tab) while its link is being issued.
  // PostgreSQL only: PGlite runs one transaction at a time, so nothing there can interleave.
  if (factory.name.startsWith('PostgreSQL')) {
    it('answers 404, not a failure, when the request is erased while its link is being issued', async () => {
      const saved = await startRequest();
      const submission = (await findSubmission(app.service.deps.db, saved.submissionId))!;
      const owner = user({ email: saved.email });
      const limits = {
        lookupEmails: app.service.deps.rateLimits.limiter({
          name: 'erased-link-emails',
          points: 10,
          durationSeconds: 3600,
        }),
      } as RateLimits;
      const outcome = await whileErased(app, owner, (deps) => askToContinueLater(deps, limits, submission));
      expect(outcome).toMatchObject({ type: 'not_found', message: 'Consultation not found' });
      expect(await linkEventsFor(saved.submissionId)).toHaveLength(0);
    });
  }
});
