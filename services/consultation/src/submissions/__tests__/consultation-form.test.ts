/**
 * Step 1 and completion of /consultation through the API: the spec's messages in the form's order, the
 * Email rule, disposable addresses refused, unguessable ids and upload tokens, the events auth and the
 * notification service act on, and My Consultations.
 */
import { beforeAll, describe, expect, it } from '@jest/globals';
import {
  BUSINESS_EMAIL_MESSAGE,
  CONSULTATION_MESSAGES,
  CompleteConsultationResponseSchema,
  ConsultationAccessSchema,
  ConsultationResponseSchema,
  MyConsultationListSchema,
  UPLOAD_MESSAGES,
  type ConsultationResponse,
} from '@platform/contracts';
import { eq } from 'drizzle-orm';
import { submissions } from '../../db/schema.js';
import { hashToken } from '../../lib/tokens.js';
import { backings, json, useConsultation, user } from '../../__tests__/harness.js';
import { stepOne, uploadForm, jpeg } from '../../__tests__/fixtures.js';

describe.each(backings())('the consultation form on $name', (factory) => {
  const app = useConsultation(factory);

  const submit = async (body: unknown, caller = app.request) =>
    caller('/api/consultation', json(body)) as Promise<Response>;
  const countRows = async () => (await app.service.deps.db.select().from(submissions)).length;

  it('answers an empty form with every step-1 message, in the order of the form', async () => {
    const response = await submit({});
    expect(response.status).toBe(400);
    const body = (await response.json()) as { message: string; issues: { path: string; message: string }[] };
    expect(body.message).toBe('Business name must be at least 2 characters');
    expect(body.issues.map((issue) => issue.message)).toEqual([
      'Business name must be at least 2 characters',
      'Owner name must be at least 2 characters',
      'Please enter a valid email address',
      'Please enter your restaurant name',
      'Please provide your business location',
      'Please describe your current challenges (minimum 20 characters)',
      'Please describe your consultation goals (minimum 20 characters)',
    ]);
  });

  it.each([
    ['businessName', 'Business name must be at least 2 characters', 'B'],
    ['businessName', CONSULTATION_MESSAGES.businessNameTooLong, 'B'.repeat(101)],
    ['ownerName', 'Owner name must be at least 2 characters', ' M '],
    ['email', 'Please enter a valid email address', 'not-an-address'],
    ['restaurantName', 'Please enter your restaurant name', '   '],
    ['location', 'Please provide your business location', 'Den'],
    [
      'currentChallenges',
      'Please describe your current challenges (minimum 20 characters)',
      'Costs are high.',
    ],
    ['consultationGoals', 'Please describe your consultation goals (minimum 20 characters)', 'More guests.'],
    ['consultationGoals', CONSULTATION_MESSAGES.consultationGoalsTooLong, 'x'.repeat(2001)],
  ])('refuses a bad %s with "%s" and stores nothing', async (field, message, value) => {
    const before = await countRows();
    const response = await submit(stepOne({ [field]: value }));
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toBe(message);
    expect(await countRows()).toBe(before);
  });

  it.each([
    '.maria@bluedoorbistro.com',
    'maria..lopez@bluedoorbistro.com',
    'maria@bluedoorbistro.c',
    'maria@bluedoorbistro',
    'maria@blue..door.com',
    'maria lopez@bluedoorbistro.com',
  ])('refuses %s by the Email rule', async (email) => {
    const response = await submit(stepOne({ email }));
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toBe(
      'Please enter a valid email address',
    );
  });

  it.each(['owner@mailinator.com', 'owner@yopmail.com'])(
    'refuses the disposable address %s as not a business address',
    async (email) => {
      const before = await countRows();
      const response = await submit(stepOne({ email }));
      expect(response.status).toBe(400);
      expect(((await response.json()) as { message: string }).message).toBe(BUSINESS_EMAIL_MESSAGE);
      expect(BUSINESS_EMAIL_MESSAGE).toBe('Please enter a valid business email address');
      expect(await countRows()).toBe(before);
    },
  );

  it('saves a visitor’s step 1 with an unguessable id and an upload token kept only as its hash', async () => {
    const form = stepOne({ email: '  Maria.Lopez@BlueDoorBistro.com ' });
    const response = await submit(form);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body = ConsultationResponseSchema.parse(await response.json());
    expect(body.success).toBe(true);
    expect(body.submissionId).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    expect(body.uploadToken).toMatch(/^[A-Za-z0-9_-]{40,}$/);

    const [row] = await app.service.deps.db
      .select()
      .from(submissions)
      .where(eq(submissions.id, body.submissionId));
    expect(row).toMatchObject({
      userId: null,
      email: 'maria.lopez@bluedoorbistro.com',
      businessName: form.businessName,
      restaurantPhone: null,
      status: 'pending',
      confirmedAt: null,
    });
    expect(row!.uploadTokenHash).toBe(hashToken(body.uploadToken));
    expect(JSON.stringify(row)).not.toContain(body.uploadToken);

    const started = (await app.events('consultation.submission.started')).find(
      (event) => event.data.submissionId === body.submissionId,
    );
    expect(started?.data).toMatchObject({
      userId: null,
      email: 'maria.lopez@bluedoorbistro.com',
      ownerName: 'Maria Lopez',
      businessName: 'Blue Door Bistro LLC',
    });
  });

  it('gives two submissions different ids and tokens', async () => {
    const first = (await (await submit(stepOne())).json()) as ConsultationResponse;
    const second = (await (await submit(stepOne())).json()) as ConsultationResponse;
    expect(first.submissionId).not.toBe(second.submissionId);
    expect(first.uploadToken).not.toBe(second.uploadToken);
  });

  it('records the signed-in caller as the owner', async () => {
    const owner = user();
    const response = await submit(stepOne(), (path, init) => app.requestAs(owner, path, init));
    const body = (await response.json()) as ConsultationResponse;
    const started = (await app.events('consultation.submission.started')).find(
      (event) => event.data.submissionId === body.submissionId,
    );
    expect(started?.data.userId).toBe(owner.userId);
  });

  describe('completing a submission', () => {
    let saved: ConsultationResponse;

    beforeAll(async () => {
      saved = (await (await submit(stepOne())).json()) as ConsultationResponse;
      const upload = await app.request(`/api/consultation/${saved.submissionId}/upload`, {
        method: 'POST',
        headers: { 'X-Upload-Token': saved.uploadToken },
        body: uploadForm([{ field: 'images', name: 'dining-room.jpg', bytes: jpeg() }]),
      });
      expect(upload.status).toBe(200);
    });

    it('is refused to a visitor without the upload token', async () => {
      const response = await app.request(`/api/consultation/${saved.submissionId}/complete`, {
        method: 'POST',
      });
      expect(response.status).toBe(401);
      expect(((await response.json()) as { message: string }).message).toBe(UPLOAD_MESSAGES.missingToken);
    });

    it('is refused with the token of another submission, and to another signed-in user', async () => {
      const other = (await (await submit(stepOne())).json()) as ConsultationResponse;
      const withOtherToken = await app.request(`/api/consultation/${saved.submissionId}/complete`, {
        method: 'POST',
        headers: { 'X-Upload-Token': other.uploadToken },
      });
      expect(withOtherToken.status).toBe(403);
      const asStranger = await app.requestAs(user(), `/api/consultation/${saved.submissionId}/complete`, {
        method: 'POST',
      });
      expect(asStranger.status).toBe(403);
      expect(await app.events('consultation.submission.completed')).toHaveLength(0);
    });

    it('answers 404 for an unknown submission', async () => {
      const response = await app.request('/api/consultation/AAAAAAAAAAAAAAAAAAAAAAAA/complete', {
        method: 'POST',
        headers: { 'X-Upload-Token': saved.uploadToken },
      });
      expect(response.status).toBe(404);
    });

    it('completes with the token once, asking for the confirmation with an add-files link', async () => {
      const response = await app.request(`/api/consultation/${saved.submissionId}/complete`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'X-Upload-Token': saved.uploadToken },
      });
      expect(response.status).toBe(200);
      // A visitor's page goes on to the public site: no My Consultations lists it.
      expect(await response.json()).toMatchObject({ success: true, inMyConsultations: false });
      const again = await app.request(`/api/consultation/${saved.submissionId}/complete`, {
        method: 'POST',
        headers: { 'X-Upload-Token': saved.uploadToken },
      });
      expect(again.status).toBe(200);

      const completed = await app.events('consultation.submission.completed');
      expect(completed).toHaveLength(1);
      expect(completed[0]!.data).toMatchObject({
        submissionId: saved.submissionId,
        imageCount: 1,
        videoCount: 0,
        documentCount: 0,
        restaurantName: 'Blue Door Bistro',
      });
      const token = completed[0]!.data.addFilesToken as string;
      expect(token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
      expect(token).not.toBe(saved.uploadToken);

      const access = await app.request(`/api/consultation/access?token=${token}`);
      expect(access.status).toBe(200);
      expect(await access.json()).toMatchObject({
        submissionId: saved.submissionId,
        uploadToken: token,
        inMyConsultations: false,
      });
    });

    it('tells a signed-in owner’s page that My Consultations lists the request, and nobody else’s', async () => {
      const owner = user({ email: 'ana@silva-kitchen.com' });
      const asOwner = (path: string, init?: RequestInit) => app.requestAs(owner, path, init);
      const mine = (await (await submit(stepOne(), asOwner)).json()) as ConsultationResponse;
      // Another account completing with the request's token is not its owner.
      const other = (await (await submit(stepOne())).json()) as ConsultationResponse;
      const withToken = await app.requestAs(user(), `/api/consultation/${other.submissionId}/complete`, {
        method: 'POST',
        headers: { 'X-Upload-Token': other.uploadToken },
      });
      expect(withToken.status).toBe(200);
      expect(CompleteConsultationResponseSchema.parse(await withToken.json()).inMyConsultations).toBe(false);

      const first = await asOwner(`/api/consultation/${mine.submissionId}/complete`, {
        method: 'POST',
        headers: { 'X-Upload-Token': mine.uploadToken },
      });
      expect(first.status).toBe(200);
      expect(CompleteConsultationResponseSchema.parse(await first.json())).toMatchObject({
        success: true,
        inMyConsultations: true,
      });
      // Pressed again (a retry after a lost answer): the same answer.
      const again = await asOwner(`/api/consultation/${mine.submissionId}/complete`, { method: 'POST' });
      expect(CompleteConsultationResponseSchema.parse(await again.json()).inMyConsultations).toBe(true);
      const listed = (await (await asOwner('/api/my-consultations')).json()) as Array<{ id: string }>;
      expect(listed.map((item) => item.id)).toEqual([mine.submissionId]);

      const completed = (await app.events('consultation.submission.completed')).filter(
        (event) => event.data.submissionId === mine.submissionId,
      );
      expect(completed).toHaveLength(1);
      const token = completed[0]!.data.addFilesToken as string;
      const asTheOwner = await asOwner(`/api/consultation/access?token=${token}`);
      expect(ConsultationAccessSchema.parse(await asTheOwner.json()).inMyConsultations).toBe(true);
      const asSomeoneElse = await app.requestAs(user(), `/api/consultation/access?token=${token}`);
      expect(ConsultationAccessSchema.parse(await asSomeoneElse.json()).inMyConsultations).toBe(false);
    });
  });

  describe('My Consultations', () => {
    it('is 401 for a visitor', async () => {
      const response = await app.request('/api/my-consultations');
      expect(response.status).toBe(401);
    });

    it('lists the caller’s own by user id and by the account’s proven e-mail, and nobody else’s', async () => {
      const owner = user({ email: 'chef.owner@harbor-grill.com', emailVerified: true });
      const asOwner = (path: string, init?: RequestInit) => app.requestAs(owner, path, init);
      const signedIn = (await (
        await submit(stepOne({ businessName: 'Harbor Grill Inc' }), asOwner)
      ).json()) as ConsultationResponse;
      const byEmail = (await (
        await submit(stepOne({ businessName: 'Harbor Grill Two', email: 'Chef.Owner@harbor-grill.com' }))
      ).json()) as ConsultationResponse;

      const response = await app.requestAs(owner, '/api/my-consultations');
      expect(response.status).toBe(200);
      const list = MyConsultationListSchema.parse(await response.json());
      expect(list.map((item) => item.id).sort()).toEqual(
        [signedIn.submissionId, byEmail.submissionId].sort(),
      );
      expect(list[0]).toMatchObject({
        status: 'pending',
        imageCount: 0,
        videoCount: 0,
        documentCount: 0,
        reviewedAt: null,
        completedAt: null,
        consultationResponse: null,
      });
      expect(list[0]).not.toHaveProperty('adminNotes');
      expect(list[0]).not.toHaveProperty('uploadTokenHash');

      const stranger = await app.requestAs(user(), '/api/my-consultations');
      expect(await stranger.json()).toEqual([]);

      // Someone who signed up with the owner's address but never proved it sees only what they sent.
      const impostor = user({ email: 'chef.owner@harbor-grill.com' });
      const theirs = await app.requestAs(impostor, '/api/my-consultations');
      expect(await theirs.json()).toEqual([]);
      const upload = await app.requestAs(impostor, `/api/consultation/${byEmail.submissionId}/complete`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '{}',
      });
      expect(upload.status).toBe(403);
    });
  });
});
