/**
 * The admin consultations page's calls: the list with every field the page reads, Mark In Review, Mark
 * Completed (only with a response; the owner is told), Save Notes (status unchanged), and refusals for
 * visitors and members. A draft response stays the admin's until completed; a press made twice at once
 * changes and tells once.
 */
import { describe, expect, it } from '@jest/globals';
import {
  AdminConsultationListSchema,
  AdminConsultationSchema,
  type ConsultationResponse,
  type MyConsultation,
} from '@platform/contracts';
import type { Database } from '@platform/service-kit/db';
import { interleave } from '@platform/service-kit/testing';
import { jpeg, uploadForm } from '../../__tests__/fixtures.js';
import { admin, backings, json, sendStepOne, useConsultation, user } from '../../__tests__/harness.js';
import { respondToConsultation } from '../respond-to-consultation.js';

describe.each(backings())('the admin review on $name', (factory) => {
  const boss = admin();
  const owner = user({ email: 'lena@corner-cafe.com' });
  let submission: ConsultationResponse;

  const app = useConsultation(factory, {}, async () => {
    submission = await sendStepOne(app, owner);
    await app.request(`/api/consultation/${submission.submissionId}/upload`, {
      method: 'POST',
      headers: { 'X-Upload-Token': submission.uploadToken },
      body: uploadForm([{ field: 'images', name: 'front.jpg', bytes: jpeg() }]),
    });
  });

  const respond = (body: unknown, caller = boss, id = submission.submissionId) =>
    app.requestAs(caller, `/api/consultations/${id}/respond`, json(body));

  it('refuses the list to visitors (401) and to members (403)', async () => {
    expect((await app.request('/api/consultations')).status).toBe(401);
    const member = await app.requestAs(owner, '/api/consultations');
    expect(member.status).toBe(403);
    expect(await member.json()).toEqual({ message: 'Access denied' });
  });

  it('refuses responding to visitors and members, changing nothing', async () => {
    const body = { status: 'completed', consultationResponse: 'Hijacked answer' };
    expect(
      (await app.request(`/api/consultations/${submission.submissionId}/respond`, json(body))).status,
    ).toBe(401);
    expect((await respond(body, owner)).status).toBe(403);
    const [row] = AdminConsultationListSchema.parse(
      await (await app.requestAs(boss, '/api/consultations')).json(),
    );
    expect(row).toMatchObject({ status: 'pending', consultationResponse: null });
    expect(await app.events('consultation.submission.responded')).toHaveLength(0);
  });

  it('lists every submission with the fields the page reads', async () => {
    const response = await app.requestAs(boss, '/api/consultations');
    expect(response.status).toBe(200);
    const [row] = AdminConsultationListSchema.parse(await response.json());
    expect(row).toMatchObject({
      id: submission.submissionId,
      businessName: 'Blue Door Bistro LLC',
      ownerName: 'Maria Lopez',
      email: 'lena@corner-cafe.com',
      phone: '(555) 201-3344',
      restaurantPhone: null,
      restaurantName: 'Blue Door Bistro',
      businessType: null,
      location: 'Denver, Colorado',
      status: 'pending',
      userId: owner.userId,
      adminNotes: null,
      videoFiles: [],
      documentFiles: [],
      responseFiles: [],
    });
    expect(row!.imageFiles).toHaveLength(1);
    expect(row!.currentChallenges).toContain('Food costs');
    expect(row!.consultationGoals).toContain('food cost');
    expect(Date.parse(row!.submittedAt)).not.toBeNaN();
  });

  it('saves notes without changing the status', async () => {
    const response = await respond({ adminNotes: 'Call on Tuesday morning.' });
    expect(response.status).toBe(200);
    expect(AdminConsultationSchema.parse(await response.json())).toMatchObject({
      status: 'pending',
      adminNotes: 'Call on Tuesday morning.',
    });
    expect(await app.events('consultation.submission.reviewed')).toHaveLength(0);
  });

  it('marks it in review once, telling auth', async () => {
    const response = await respond({ status: 'in_review' });
    const body = AdminConsultationSchema.parse(await response.json());
    expect(body.status).toBe('in_review');
    expect(body.reviewedAt).not.toBeNull();
    expect(body.adminNotes).toBe('Call on Tuesday morning.');
    await respond({ status: 'in_review', adminNotes: 'Still reviewing.' });
    const reviewed = await app.events('consultation.submission.reviewed');
    expect(reviewed).toHaveLength(1);
    expect(reviewed[0]!.data).toMatchObject({ submissionId: submission.submissionId, userId: owner.userId });
  });

  it.each([{}, { consultationResponse: '   ' }])(
    'refuses to complete without a response (%j) and changes nothing',
    async (extra) => {
      const response = await respond({ status: 'completed', ...extra });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { message: string }).message).toBe(
        'Please provide a consultation response before marking as completed.',
      );
      const [row] = AdminConsultationListSchema.parse(
        await (await app.requestAs(boss, '/api/consultations')).json(),
      );
      expect(row!.status).toBe('in_review');
      expect(row!.consultationResponse).toBeNull();
    },
  );

  it.each([
    [{ status: 'cancelled' }, "status must be 'in_review' or 'completed'"],
    [{}, 'Nothing to update'],
    [{ adminNotes: 42 }, 'Admin notes must be text'],
  ])('refuses %j with a clear message', async (body, message) => {
    const response = await respond(body);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toBe(message);
  });

  it('answers 404 for an unknown submission', async () => {
    expect((await respond({ adminNotes: 'x' }, boss, 'AAAAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404);
  });

  it('completes with a response, telling the owner, who then sees it in My Consultations', async () => {
    const answer = 'Start with a tighter lunch menu: cut it to 12 dishes and re-cost every plate.';
    const response = await respond({ status: 'completed', consultationResponse: answer });
    expect(response.status).toBe(200);
    const body = AdminConsultationSchema.parse(await response.json());
    expect(body).toMatchObject({ status: 'completed', consultationResponse: answer });
    expect(body.completedAt).not.toBeNull();

    const responded = await app.events('consultation.submission.responded');
    expect(responded).toHaveLength(1);
    expect(responded[0]!.data).toMatchObject({
      submissionId: submission.submissionId,
      email: 'lena@corner-cafe.com',
      consultationResponse: answer,
    });

    // Saving notes afterwards neither reopens it nor e-mails the owner again.
    await respond({ adminNotes: 'Done.' });
    expect(await app.events('consultation.submission.responded')).toHaveLength(1);

    const mine = (await (await app.requestAs(owner, '/api/my-consultations')).json()) as Array<
      Record<string, unknown>
    >;
    expect(mine[0]).toMatchObject({ status: 'completed', consultationResponse: answer, imageCount: 1 });
    expect(mine[0]!.completedAt).toBe(body.completedAt);
    expect(mine[0]!.reviewedAt).toBe(body.reviewedAt);
  });

  it('keeps a draft response saved with Mark In Review from the owner until the consultation is completed', async () => {
    const drafting = user({ email: 'omar@harbor-grill.com' });
    const { submissionId } = await sendStepOne(app, drafting);
    const draft = 'Half-written: look at the lunch menu and';
    const reviewed = await respond({ status: 'in_review', consultationResponse: draft }, boss, submissionId);
    expect(AdminConsultationSchema.parse(await reviewed.json())).toMatchObject({
      status: 'in_review',
      consultationResponse: draft,
    });
    const ownView = async () =>
      ((await (await app.requestAs(drafting, '/api/my-consultations')).json()) as MyConsultation[])[0]!;
    expect(await ownView()).toMatchObject({ status: 'in_review', consultationResponse: null });

    const answer = 'Cut the lunch menu to 12 dishes and re-cost every plate.';
    await respond({ status: 'completed', consultationResponse: answer }, boss, submissionId);
    expect(await ownView()).toMatchObject({ status: 'completed', consultationResponse: answer });
  });

  // Two admin tabs (or a double click on a slow answer) pressing the same button at once. PGlite runs one
  // transaction at a time, so the two requests can only meet on PostgreSQL.
  if (factory.name.startsWith('PostgreSQL')) {
    /** The same review twice, the second meeting the first before it commits; the new request's id. */
    async function reviewTwiceAtOnce(request: Parameters<typeof respondToConsultation>[2]) {
      const { submissionId } = await sendStepOne(app, user({ email: 'omar@harbor-grill.com' }));
      const deps = app.service.deps;
      const review = (tx: unknown) =>
        respondToConsultation({ ...deps, db: tx as Database }, submissionId, request);
      await interleave(deps.db, review, review);
      return submissionId;
    }
    const eventsAbout = async (type: string, submissionId: string) =>
      (await app.events(type)).filter((event) => event.data.submissionId === submissionId);

    it("e-mails the owner the response once when 'Mark Completed' is pressed twice at once", async () => {
      const submissionId = await reviewTwiceAtOnce({
        status: 'completed',
        consultationResponse: 'Cut the lunch menu to 12 dishes and re-cost every plate.',
      });
      expect(await eventsAbout('consultation.submission.responded', submissionId)).toHaveLength(1);
    });

    it("tells auth once when 'Mark In Review' is pressed twice at once", async () => {
      const submissionId = await reviewTwiceAtOnce({ status: 'in_review' });
      expect(await eventsAbout('consultation.submission.reviewed', submissionId)).toHaveLength(1);
    });
  }
});
