/**
 * /additional-upload's e-mail lookup (docs/decisions.md, 15): a stranger learns nothing (the same answer for
 * an address with and without submissions), the address gets a link that opens the upload step, and a
 * signed-in owner sees theirs at once.
 */
import { describe, expect, it } from '@jest/globals';
import {
  ConsultationAccessSchema,
  ConsultationLookupResponseSchema,
  INVALID_LINK_MESSAGE,
  LOOKUP_LINK_TTL_HOURS,
  type ConsultationResponse,
} from '@platform/contracts';
import { HOUR, SettableClock } from '@platform/service-kit/clock';
import { eq } from 'drizzle-orm';
import type { Request } from 'express';
import { addFilesLinks } from '../../db/schema.js';
import type { RateLimits } from '../../http/rate-limits.js';
import { additionalForm, jpeg } from '../../__tests__/fixtures.js';
import { backings, sendStepOne, useConsultation, user, whileErased } from '../../__tests__/harness.js';
import { lookupConsultations } from '../lookup-consultations.js';

describe.each(backings())('looking up consultations by e-mail on $name', (factory) => {
  const clock = new SettableClock('2031-03-02T10:00:00.000Z');
  const email = 'sam@oak-street-pizza.com';
  let first: ConsultationResponse;
  let second: ConsultationResponse;

  const app = useConsultation(factory, { clock }, async () => {
    first = await sendStepOne(app, undefined, { email, businessName: 'Oak Street One' });
    clock.advance(60_000);
    second = await sendStepOne(app, undefined, { email, businessName: 'Oak Street Two' });
  });

  const lookup = (address: string, caller = app.request) =>
    caller(`/api/consultations-by-email?email=${encodeURIComponent(address)}`) as Promise<Response>;

  it('answers a stranger the same for an address with submissions and one without', async () => {
    const known = await lookup(email);
    const unknown = await lookup('nobody@unknown-bistro.com');
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    const knownBody = ConsultationLookupResponseSchema.parse(await known.json());
    expect(knownBody).toEqual(await unknown.json());
    expect(knownBody).toMatchObject({ linkEmailed: true, consultations: [] });
    expect(JSON.stringify(knownBody)).not.toContain('Oak Street');
  });

  it('e-mails links only to an address that has submissions, newest first', async () => {
    const events = await app.events('consultation.lookup.requested');
    expect(events).toHaveLength(1);
    expect(events[0]!.data.email).toBe(email);
    const links = events[0]!.data.links as Array<{
      submissionId: string;
      businessName: string;
      token: string;
    }>;
    expect(links.map((link) => [link.submissionId, link.businessName])).toEqual([
      [second.submissionId, 'Oak Street Two'],
      [first.submissionId, 'Oak Street One'],
    ]);
  });

  it('opens the upload step from an e-mailed link, whose token then authorises the upload', async () => {
    const [event] = await app.events('consultation.lookup.requested');
    const link = (event!.data.links as Array<{ submissionId: string; token: string }>)[1]!;
    const access = await app.request(`/api/consultation/access?token=${link.token}`);
    expect(access.status).toBe(200);
    const body = ConsultationAccessSchema.parse(await access.json());
    expect(body).toMatchObject({ submissionId: first.submissionId, businessName: 'Oak Street One' });

    const upload = await app.request(`/api/consultation/${first.submissionId}/additional-files`, {
      method: 'POST',
      headers: { 'X-Upload-Token': body.uploadToken },
      body: additionalForm([{ field: 'images', name: 'oven.jpg', bytes: jpeg() }]),
    });
    expect(upload.status).toBe(200);
    // The link names one submission only.
    const elsewhere = await app.request(`/api/consultation/${second.submissionId}/additional-files`, {
      method: 'POST',
      headers: { 'X-Upload-Token': body.uploadToken },
      body: additionalForm([{ field: 'images', name: 'oven.jpg', bytes: jpeg() }]),
    });
    expect(elsewhere.status).toBe(403);
  });

  it('refuses a link once it has expired, and an unknown one', async () => {
    const [event] = await app.events('consultation.lookup.requested');
    const link = (event!.data.links as Array<{ token: string }>)[0]!;
    clock.advance(LOOKUP_LINK_TTL_HOURS * HOUR + 60_000);
    const expired = await app.request(`/api/consultation/access?token=${link.token}`);
    expect(expired.status).toBe(400);
    expect(await expired.json()).toMatchObject({ message: INVALID_LINK_MESSAGE });
    const unknown = await app.request(`/api/consultation/access?token=${'A'.repeat(43)}`);
    expect(unknown.status).toBe(400);
    const malformed = await app.request('/api/consultation/access?token=<script>');
    expect(malformed.status).toBe(400);
  });

  it('e-mails the link instead when the signed-in account never proved the address', async () => {
    const impostor = user({ email: 'sam@oak-street-pizza.com' });
    const response = await lookup(email, (path) => app.requestAs(impostor, path));
    const body = ConsultationLookupResponseSchema.parse(await response.json());
    expect(body.linkEmailed).toBe(true);
    expect(body.consultations).toEqual([]);
  });

  it('shows a signed-in owner their own submissions at once, without an e-mail', async () => {
    const before = (await app.events('consultation.lookup.requested')).length;
    const owner = user({ email: 'Sam@Oak-Street-Pizza.com', emailVerified: true });
    const response = await lookup(email, (path) => app.requestAs(owner, path));
    const body = ConsultationLookupResponseSchema.parse(await response.json());
    expect(body.linkEmailed).toBe(false);
    expect(body.consultations.map((item) => item.id)).toEqual([second.submissionId, first.submissionId]);
    expect(body.consultations[1]!.imageCount).toBe(1);
    expect((await app.events('consultation.lookup.requested')).length).toBe(before);
  });

  it('takes a signed-in owner who never proved the address straight to what they sent signed in', async () => {
    // An account made with a password only: its address is unproven, but what it sent signed in is its own.
    const owner = user({ email: 'ana@silva-kitchen.com' });
    const asOwner = (path: string, init?: RequestInit) => app.requestAs(owner, path, init);
    // Before it sent anything, it is answered as anyone is: the address may hold a stranger's requests.
    const before = ConsultationLookupResponseSchema.parse(
      await (await lookup('Ana@Silva-Kitchen.com', asOwner)).json(),
    );
    expect(before).toMatchObject({ linkEmailed: true, consultations: [] });

    const stranger = await sendStepOne(app, undefined, { email: 'ana@silva-kitchen.com' });
    const mine = await sendStepOne(app, owner, { businessName: 'Silva Family Kitchen' });
    const emailed = (await app.events('consultation.lookup.requested')).length;
    const response = await lookup('Ana@Silva-Kitchen.com', asOwner);
    const body = ConsultationLookupResponseSchema.parse(await response.json());
    expect(body.linkEmailed).toBe(false);
    // The same list as My Consultations: not the request a visitor sent under the same address.
    expect(body.consultations.map((item) => item.id)).toEqual([mine.submissionId]);
    expect(body.consultations.map((item) => item.id)).not.toContain(stranger.submissionId);
    const listed = (await (await asOwner('/api/my-consultations')).json()) as Array<{ id: string }>;
    expect(listed.map((item) => item.id)).toEqual([mine.submissionId]);
    expect((await app.events('consultation.lookup.requested')).length).toBe(emailed);

    // The session then authorises the upload, with no token.
    const upload = await asOwner(`/api/consultation/${mine.submissionId}/additional-files`, {
      method: 'POST',
      body: additionalForm([{ field: 'images', name: 'patio.jpg', bytes: jpeg() }]),
    });
    expect(upload.status).toBe(200);
  });

  it('tells a signed-in user asking about someone else’s address only that a link was e-mailed', async () => {
    const response = await lookup(email, (path) => app.requestAs(user(), path));
    expect(ConsultationLookupResponseSchema.parse(await response.json())).toMatchObject({
      linkEmailed: true,
      consultations: [],
    });
  });

  it.each(['', 'not-an-address', 'two@@signs.com'])('refuses the address %j', async (address) => {
    const response = await lookup(address);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ message: 'Please enter a valid email address' });
  });

  it('stops e-mailing one address after a few lookups an hour, answering the same', async () => {
    const address = 'busy@grill-house.com';
    await sendStepOne(app, undefined, { email: address });
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await (await lookup(address)).json());
    expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
    const sent = (await app.events('consultation.lookup.requested')).filter(
      (event) => event.data.email === address,
    );
    expect(sent).toHaveLength(3);
  });

  // The address's requests erased (their owner's account deleted in another tab) while a stranger's lookup
  // issues their links. PostgreSQL only: PGlite runs one transaction at a time, so nothing there can interleave.
  if (factory.name.startsWith('PostgreSQL')) {
    let limits: RateLimits | undefined;
    const lookupWhileErased = (address: string, erased: ReturnType<typeof user>) => {
      limits ??= {
        lookupEmails: app.service.deps.rateLimits.limiter({
          name: 'erased-lookup-emails',
          points: 10,
          durationSeconds: 3600,
        }),
      } as RateLimits;
      const req = { caller: { kind: 'anonymous' }, id: 'erased-lookup' } as unknown as Request;
      return whileErased(app, erased, (deps) => lookupConsultations(deps, limits!, req, address));
    };
    const emailedTo = async (address: string) =>
      (await app.events('consultation.lookup.requested')).filter((event) => event.data.email === address);
    const linksOf = (submissionId: string) =>
      app.service.deps.db.select().from(addFilesLinks).where(eq(addFilesLinks.submissionId, submissionId));

    it('answers as for an unknown address, not a failure, when the requests are erased meanwhile', async () => {
      const address = 'leaving@harbour-diner.com';
      const request = await sendStepOne(app, undefined, { email: address });
      const unknown = await (await lookup('nobody@unknown-bistro.com')).json();
      const outcome = await lookupWhileErased(address, user({ email: address }));
      expect(outcome).toEqual(unknown);
      expect(await emailedTo(address)).toHaveLength(0);
      expect(await linksOf(request.submissionId)).toHaveLength(0);
    });

    it('still e-mails the links of the requests that were not erased', async () => {
      const address = 'shared@corner-cafe.com';
      const kept = await sendStepOne(app, undefined, { email: address, businessName: 'Corner Cafe Kept' });
      // Sent signed in under the shared address by an account with another address: erased with that account.
      const leaving = user({ email: 'partner@elsewhere-eats.com' });
      const gone = await sendStepOne(app, leaving, { email: address, businessName: 'Corner Cafe Gone' });
      const outcome = await lookupWhileErased(address, leaving);
      expect(outcome).toMatchObject({ linkEmailed: true, consultations: [] });
      const sent = await emailedTo(address);
      expect(sent).toHaveLength(1);
      const links = sent[0]!.data.links as Array<{ submissionId: string }>;
      expect(links.map((link) => link.submissionId)).toEqual([kept.submissionId]);
      expect(await linksOf(gone.submissionId)).toHaveLength(0);
    });
  }
});
