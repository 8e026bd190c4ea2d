/**
 * docs/decisions.md, 19, through the real bus: the consultation's events move the owner's
 * `consultationStatus` forward (in_progress → submitted → approved), found by user id or, for an anonymous
 * submission, by e-mail; never backwards; each change announced once as `auth.user.status-changed`, however
 * often the event is delivered, with the user's next `sequence`.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import type { EventData, EventEnvelope } from '@platform/contracts';
import { waitFor } from '@platform/service-kit/testing';
import { eq } from 'drizzle-orm';
import { backings, signupBody, uniqueEmail, useAuth } from '../../__tests__/harness.js';
import { users } from '../../db/schema.js';
import { statusesBefore } from '../follow-consultation.js';

type Subject =
  | 'consultation.submission.started'
  | 'consultation.submission.completed'
  | 'consultation.submission.responded';

function progress(
  type: Subject,
  owner: { userId: string | null; email: string },
  submissionId = randomUUID(),
): EventEnvelope<EventData<Subject>> {
  const at = new Date().toISOString();
  const common = { submissionId, ...owner, ownerName: 'Ana Silva', businessName: 'Casa Ana' };
  const data =
    type === 'consultation.submission.started'
      ? { ...common, startedAt: at }
      : type === 'consultation.submission.completed'
        ? {
            ...common,
            restaurantName: 'Casa Ana',
            location: 'Lisbon, Portugal',
            imageCount: 2,
            videoCount: 1,
            documentCount: 1,
            addFilesToken: 'x'.repeat(43),
            completedAt: at,
          }
        : { ...common, consultationResponse: 'Move the host stand.', completedAt: at };
  return { id: randomUUID(), type, version: 1, occurredAt: at, data } as EventEnvelope<EventData<Subject>>;
}

it('moves only forward', () => {
  expect(statusesBefore('in_progress')).toEqual(['not_started']);
  expect(statusesBefore('approved')).toEqual(['not_started', 'in_progress', 'submitted']);
});

describe.each(backings())('consultation status on $name', (factory) => {
  const auth = useAuth(factory);

  async function signUp(email: string): Promise<string> {
    const response = await auth.call('/api/auth/signup', { json: signupBody(email) });
    expect(response.status).toBe(201);
    const [row] = await auth.service.deps.db.select().from(users).where(eq(users.email, email));
    return row!.id;
  }

  const statusOf = async (userId: string) =>
    (await auth.service.deps.db.select().from(users).where(eq(users.id, userId)))[0]!.consultationStatus;

  const announced = async (userId: string) =>
    (await auth.events('auth.user.status-changed')).filter((row) => row.data.userId === userId);

  it('follows an anonymous owner’s consultation by e-mail, once per change, never backwards', async () => {
    const email = uniqueEmail('consult');
    const userId = await signUp(email);
    const owner = { userId: null, email: email.toUpperCase() };
    const bus = auth.service.deps.bus;

    const started = progress('consultation.submission.started', owner);
    await bus.publish(started);
    await bus.publish(started); // delivered twice
    await waitFor(
      () => statusOf(userId),
      (status) => status === 'in_progress',
      'in_progress',
    );

    await bus.publish(progress('consultation.submission.completed', owner));
    await waitFor(
      () => statusOf(userId),
      (status) => status === 'submitted',
      'submitted',
    );

    await bus.publish(progress('consultation.submission.responded', owner));
    await waitFor(
      () => statusOf(userId),
      (status) => status === 'approved',
      'approved',
    );

    // A second request later starts, but the account stays approved.
    const again = progress('consultation.submission.started', owner);
    await bus.publish(again);
    await auth.applied(again.id);
    expect(await statusOf(userId)).toBe('approved');

    const events = await announced(userId);
    expect(events.map((row) => row.data.consultationStatus)).toEqual([
      'in_progress',
      'submitted',
      'approved',
    ]);
    expect(events[0]!.data).toMatchObject({ userId, planStatus: 'regular' });
    expect(events.map((row) => row.data.sequence)).toEqual([1, 2, 3]);
    const [row] = await auth.service.deps.db.select().from(users).where(eq(users.id, userId));
    expect(row!.statusSequence).toBe(3);
    expect(events[0]!.headers['x-causation-id']).toBe(started.id);
  });

  it('follows a signed-in owner by user id even when the e-mail differs, and ignores unknown owners', async () => {
    const userId = await signUp(uniqueEmail('signed-in'));
    await auth.service.deps.bus.publish(
      progress('consultation.submission.completed', { userId, email: uniqueEmail('other') }),
    );
    await waitFor(
      () => statusOf(userId),
      (status) => status === 'submitted',
      'submitted',
    );

    const before = (await auth.events('auth.user.status-changed')).length;
    const unknown = [
      progress('consultation.submission.started', { userId: null, email: uniqueEmail('nobody') }),
      progress('consultation.submission.started', { userId: 'not-a-uuid', email: uniqueEmail('nobody') }),
    ];
    for (const event of unknown) await auth.service.deps.bus.publish(event);
    for (const event of unknown) await auth.applied(event.id);
    expect((await auth.events('auth.user.status-changed')).length).toBe(before);
  });
});
