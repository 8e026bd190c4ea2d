/** What the card-on-file suites share: the revenue service's events as its relay delivers them, and reads. */
import { randomUUID } from 'node:crypto';
import { expect } from '@jest/globals';
import {
  MySavedCardSchema,
  SavedCardSetupResponseSchema,
  type Caller,
  type EventData,
  type TestSavedCardBehaviour,
} from '@platform/contracts';
import { waitFor, withInsertTrigger } from '@platform/service-kit/testing';
import { eq } from 'drizzle-orm';
import { inboxEvents, orders } from '../../db/schema.js';
import type { PaymentUnderTest } from '../../__tests__/harness.js';
import { shareCollectionCharges, shareCollections } from '../saved-cards.tables.js';

export type UserCaller = Extract<Caller, { kind: 'user' }>;

export function owner(): UserCaller {
  const id = randomUUID();
  return { kind: 'user', userId: id, email: `owner-${id.slice(0, 8)}@bistro-example.com`, role: 'user' };
}

export function collectionHelpers(payment: () => PaymentUnderTest) {
  type RevenueEvent =
    'revenue.share.due-changed' | 'revenue.share.collection-requested' | 'revenue.share-payment.refused';

  /** Publishes one of the revenue service's events as its relay does, without waiting for it: its id. */
  async function publish<T extends RevenueEvent>(type: T, data: EventData<T>) {
    const id = randomUUID();
    const { service, clock } = payment();
    await service.deps.bus.publish({ id, type, version: 1, occurredAt: clock.now().toISOString(), data });
    return id;
  }

  /** Publishes the event and waits until it is applied (and a collection's card charge answered). */
  async function deliver<T extends RevenueEvent>(type: T, data: EventData<T>) {
    const id = await publish(type, data);
    const { service } = payment();
    await waitFor(
      async () =>
        (await service.deps.db.select().from(inboxEvents).where(eq(inboxEvents.eventId, id))).length,
      (count) => count > 0,
      `${type} to be applied`,
    );
    // A collection's card charge is asked and answered after the request committed: its queue's turn.
    if (type === 'revenue.share.collection-requested') {
      const { collectionId } = data as EventData<'revenue.share.collection-requested'>;
      await waitFor(
        async () =>
          (
            await service.deps.db
              .select({ outcome: shareCollections.outcome })
              .from(shareCollections)
              .where(eq(shareCollections.collectionId, collectionId))
          )[0]?.outcome,
        (outcome) => outcome !== 'pending',
        'the collection to be answered',
      );
    }
  }

  /** What the revenue service announces about `who`'s report: `amountDue` still owed (verified). */
  function announceDue(who: UserCaller, reportId: string, amountDue: number, sequence: number) {
    return deliver('revenue.share.due-changed', {
      reportId,
      userId: who.userId,
      periodStart: '2030-01-01',
      periodEnd: '2030-01-31',
      amountDue,
      verified: true,
      firstName: 'Rosa',
      lastName: 'Díaz',
      sequence,
      changedAt: payment().clock.now().toISOString(),
    });
  }

  /** Opens the test provider's page and saves the picked card, as the owner's browser does: the page's address. */
  async function saveCard(who: UserCaller, card: TestSavedCardBehaviour) {
    const setup = await payment().call('/api/saved-card/setup', { caller: who, json: {} });
    expect(setup.status).toBe(200);
    const { url } = SavedCardSetupResponseSchema.parse(await setup.json());
    const page = await payment().call(url, { caller: who });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('TEST MODE');
    const saved = await payment().call(`${url}/save/${card}`, {
      caller: who,
      method: 'POST',
      redirect: 'manual',
    });
    expect(saved.status).toBe(303);
    expect(saved.headers.get('location')).toBe('/revenue-report?card=saved');
    return url;
  }

  /**
   * Runs `run` while the database cannot record what a card charge of `reportId` paid (an outage from the
   * moment the provider took the money until `run` is done).
   */
  const whileCardRecordFails = <T>(reportId: string, run: () => Promise<T>) =>
    withInsertTrigger(
      payment().service.deps.db,
      'payment.fulfilments',
      `if new.source = 'collection' and exists (
           select 1 from payment.orders o where o.id = new.order_id
             and o.revenue_report_id = '${reportId}' and o.provider_session_id like 'collect\\_%') then
         raise exception 'the database is unavailable';
       end if;
       return new;`,
      run,
    );

  /**
   * The collection `request` is asked of the provider, and recording its answer fails: its card charge is
   * left pending (the queue tries again later).
   */
  async function chargeLeftPending(request: EventData<'revenue.share.collection-requested'>) {
    const { db } = payment().service.deps;
    await whileCardRecordFails(request.reportId, async () => {
      await publish('revenue.share.collection-requested', request);
      await waitFor(
        async () =>
          (
            await db
              .select()
              .from(shareCollectionCharges)
              .where(eq(shareCollectionCharges.id, request.collectionId))
          )[0]?.lastError,
        (error) => typeof error === 'string',
        'the charge record to fail',
      );
    });
  }

  return {
    publish,
    deliver,
    whileCardRecordFails,
    chargeLeftPending,
    announceDue,
    saveCard,
    async myCard(who: Caller) {
      const response = await payment().call('/api/saved-card', { caller: who });
      expect(response.status).toBe(200);
      return MySavedCardSchema.parse(await response.json());
    },
    /** A verified report of `who` owing `amountDue`. */
    async verifiedShare(who: UserCaller, amountDue = 12_345) {
      const reportId = randomUUID();
      await announceDue(who, reportId, amountDue, 2);
      return reportId;
    },
    collectionRequest(who: UserCaller, reportId: string, attempt = 1, amount = 12_345) {
      return {
        collectionId: randomUUID(),
        reportId,
        userId: who.userId,
        attempt,
        amount,
        periodStart: '2030-01-01',
        periodEnd: '2030-01-31',
        requestedAt: payment().clock.now().toISOString(),
      };
    },
    paidEventsOf: async (reportId: string) =>
      (await payment().events('payment.order.paid')).filter(
        (event) => event.data.revenueReportId === reportId,
      ),
    failuresOf: async (reportId: string) =>
      (await payment().events('payment.share-collection.failed')).filter(
        (event) => event.data.reportId === reportId,
      ),
    ordersOf: (reportId: string) =>
      payment().service.deps.db.select().from(orders).where(eq(orders.revenueReportId, reportId)),
  };
}
