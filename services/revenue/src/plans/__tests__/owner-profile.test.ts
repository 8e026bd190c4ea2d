/**
 * The owner's profile on their plan (name, e-mail, consultation and plan status) from
 * `auth.user.status-changed`, on the real service and bus: the highest `sequence` wins, so two changes
 * stamped at the same instant end in the later one whichever arrives first; an event without a sequence
 * (sent before auth numbered its changes) applies only when strictly newer and never undoes a later
 * numbered change.
 */
import { describe, expect, it } from '@jest/globals';
import type { EventData } from '@platform/contracts';
import { MINUTE } from '@platform/service-kit/clock';
import { eq } from 'drizzle-orm';
import { backings, consent, user, useClockedRevenue, type UserCaller } from '../../__tests__/harness.js';
import { paymentPlans } from '../../db/schema.js';

const NOW = new Date('2030-04-02T09:30:00.000Z');

describe.each(backings())('the owner profile on $name', (factory) => {
  const { revenue } = useClockedRevenue(factory, { at: NOW.toISOString() });

  async function owner(): Promise<UserCaller> {
    const caller = user();
    await consent(revenue, caller);
    return caller;
  }

  const announce = (
    of: UserCaller,
    state: Pick<EventData<'auth.user.status-changed'>, 'consultationStatus' | 'planStatus' | 'lastName'>,
    changedAt: Date,
    sequence?: number,
  ) =>
    revenue.deliver('auth.user.status-changed', {
      userId: of.userId,
      ...state,
      changedAt: changedAt.toISOString(),
      ...(sequence !== undefined && { sequence }),
      email: of.email,
      firstName: 'Marta',
    });

  const planOf = async (of: UserCaller) =>
    (await revenue.service.deps.db.select().from(paymentPlans).where(eq(paymentPlans.userId, of.userId)))[0]!;

  const started = {
    consultationStatus: 'in_progress',
    planStatus: 'rs_pending',
    lastName: 'Quintero',
  } as const;
  const submitted = {
    consultationStatus: 'submitted',
    planStatus: 'rs_active',
    lastName: 'Quintero Ruiz',
  } as const;

  it('keeps the later of two changes stamped at the same instant, in either order of arrival', async () => {
    const inOrder = await owner();
    await announce(inOrder, started, NOW, 1);
    await announce(inOrder, submitted, NOW, 2);
    expect(await planOf(inOrder)).toMatchObject({ ...submitted, profileSequence: 2, profileChangedAt: NOW });

    const reversed = await owner();
    await announce(reversed, submitted, NOW, 2);
    await announce(reversed, started, NOW, 1);
    expect(await planOf(reversed)).toMatchObject({ ...submitted, profileSequence: 2 });
  });

  it('lets an event without a sequence change nothing unless it is newer than the numbered state', async () => {
    const of = await owner();
    await announce(of, submitted, NOW, 1);
    await announce(of, started, new Date(NOW.getTime() - MINUTE));
    await announce(of, started, NOW);
    expect(await planOf(of)).toMatchObject({ ...submitted, profileSequence: 1, profileChangedAt: NOW });

    const newer = new Date(NOW.getTime() + MINUTE);
    await announce(of, started, newer);
    expect(await planOf(of)).toMatchObject({ ...started, profileSequence: 1, profileChangedAt: newer });
    await announce(of, submitted, NOW, 2);
    expect(await planOf(of)).toMatchObject({ ...submitted, profileSequence: 2 });
  });
});
