/**
 * Starts the real revenue service for tests, on PGlite and, when POSTGRES_URL is set, on PostgreSQL, and
 * calls it the way the gateway does (internal token). Events from other services are delivered on its
 * in-process bus as their relays would; what it emits is read from its outbox.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import {
  AdminRevenueReportSchema,
  MyRevenueReportsSchema,
  RevenueCustomerSchema,
  type AdminRevenueReport,
  type Caller,
  type EventData,
  type EventEnvelope,
  type EventType,
  type MyRevenueReports,
  type PaymentOrderPaid,
  type PaymentOrderRefunded,
  type RevenueCustomer,
} from '@platform/contracts';
import { DAY, SettableClock, type Clock } from '@platform/service-kit/clock';
import type { Executor } from '@platform/service-kit/db';
import type { UserCaller } from '@platform/service-kit/identity';
import { startService, type RunningService } from '@platform/service-kit/runtime';
import {
  captureLogs,
  lateBound,
  envelope,
  json,
  serviceBackings,
  startServiceUnderTest,
  testAdmin,
  testUser,
  interleave as interleaveWriters,
  useBacking,
  type Backing,
  type BackingFactory,
} from '@platform/service-kit/testing';
import { z } from 'zod';
import { revenueService, type RevenueConfig } from '../index.js';

export const SECRET = randomBytes(24).toString('hex');
/** Where most suites start the service clock. */
export const START = '2030-01-05T12:00:00.000Z';

export type { Backing, BackingFactory } from '@platform/service-kit/testing';
export type { UserCaller };
export { json };

export function backings(): BackingFactory[] {
  return serviceBackings({ service: 'revenue', s3: true });
}

export const user = testUser;
export const admin = testAdmin;

export interface OutboxRow<T = Record<string, unknown>> {
  type: string;
  data: T;
}

export interface RevenueUnderTest {
  service: RunningService<RevenueConfig>;
  logs: Record<string, unknown>[];
  request(pathname: string, init?: RequestInit): Promise<Response>;
  requestAs(caller: Caller, pathname: string, init?: RequestInit): Promise<Response>;
  /** `requestAs(caller, …)`, or `request(…)` (a visitor, signed out) when `caller` is null. */
  requestBy(caller: Caller | null, pathname: string, init?: RequestInit): Promise<Response>;
  /** Publishes on the service's bus as another service's relay would; resolves once applied. */
  deliver<T extends EventType>(type: T, data: EventData<T>): Promise<void>;
  /** Delivers this very envelope (again, for a redelivery); resolves once applied or found applied. */
  deliverEnvelope(event: EventEnvelope): Promise<void>;
  /** Every event the service has put in its outbox, oldest first. */
  events<T extends EventType>(type: T): Promise<OutboxRow<EventData<T>>[]>;
  stop(): Promise<void>;
  // The helpers below of the same names, on this service.
  consent(owner: UserCaller, baselineNetRevenue?: number): Promise<void>;
  consentAgreedOn(owner: UserCaller, agreedAt: string, baselineNetRevenue?: number): Promise<void>;
  ownerAgreedOn(agreedAt: string, baselineNetRevenue?: number): Promise<UserCaller>;
  statusChanged(owner: UserCaller, status: OwnerStatus, name?: OwnerName): Promise<void>;
  submitReport(owner: UserCaller, body: Record<string, unknown>): Promise<SubmittedReport>;
  /** `submitReport` of `reportBody(periodStart, periodEnd, figures)`: a plain report of those figures. */
  reportPeriod(
    owner: UserCaller,
    periodStart: string,
    periodEnd: string,
    figures?: ReportFigures,
  ): Promise<SubmittedReport>;
  acceptedReport(owner: UserCaller, body: Record<string, unknown>): Promise<string>;
  /** The admin's Verify on a report (`POST /api/admin/verify-report/:id`), as a support admin. */
  verify(reportId: string): Promise<Response>;
  /** The admin's Mark Paid on a report, `amount` in cents, as a support admin (with the form's id if given). */
  markPaid(reportId: string, amount: unknown, paymentId?: string): Promise<Response>;
  // What the pages read, parsed with their contracts.
  /** `GET /api/revenue-reports` as `owner`: their plan and reports. */
  myReports(owner: UserCaller): Promise<MyRevenueReports>;
  /** The admin's customer list (`GET /api/admin/revenue-customers`). */
  customers(): Promise<RevenueCustomer[]>;
  /** The admin's report list (`GET /api/admin/revenue-reports`). */
  adminReports(): Promise<AdminRevenueReport[]>;
  /** The reminders the service asked for `owner` (`revenue.reminder.requested`), oldest first. */
  remindersOf(owner: UserCaller): Promise<ReminderRequest[]>;
  /** The kind and rung of each payment e-mail asked for `owner` (kinds `payment-…`), oldest first. */
  paymentRemindersOf(owner: UserCaller): Promise<Array<[ReminderRequest['kind'], number | undefined]>>;
  // The automatic collection of a share, as the payment service sees it.
  /** The collections the service asked for `reportId` (`revenue.share.collection-requested`), oldest first. */
  collectionRequests(reportId: string): Promise<CollectionRequest[]>;
  /** The payment service's answer that `request` failed (`payment.share-collection.failed`), as of now. */
  collectionFailed(request: CollectionRequest, reason: CollectionFailure): Promise<void>;
}

type ReminderRequest = EventData<'revenue.reminder.requested'>;
export type CollectionRequest = EventData<'revenue.share.collection-requested'>;
type CollectionFailure = EventData<'payment.share-collection.failed'>['reason'];

type OwnerStatus = Pick<EventData<'auth.user.status-changed'>, 'planStatus' | 'consultationStatus'>;
type OwnerName = { firstName: string; lastName: string };
type SubmittedReport = { status: number; body: Record<string, unknown> };

/** Jobs that never come due by themselves: a test runs them (`service.jobs.runNow`) when it wants. */
export const QUIET_JOBS = {
  REVENUE_STATUS_INTERVAL_MS: String(3650 * DAY),
  REVENUE_REMINDERS_INTERVAL_MS: String(3650 * DAY),
  REVENUE_COLLECTION_INTERVAL_MS: String(3650 * DAY),
  REVENUE_ESTIMATES_INTERVAL_MS: String(3650 * DAY),
};

/**
 * A second replica of the service on the same database (PostgreSQL only: PGlite belongs to one process),
 * with the jobs quiet and the suite's clock, for the tests of replicas racing a job.
 */
export function startReplica(backing: Backing, clock: Clock): Promise<RunningService<RevenueConfig>> {
  return startService(revenueService, {
    env: { ...backing.env, ...QUIET_JOBS, INTERNAL_TOKEN_SECRET: SECRET, NODE_ENV: 'test' },
    clock,
    port: 0,
    host: '127.0.0.1',
    logger: captureLogs().logger,
  });
}

/** Runs `race` with a second replica (`startReplica`) beside the suite's service, stopped afterwards. */
export async function withReplica(
  backing: Backing,
  clock: Clock,
  race: (second: RunningService<RevenueConfig>) => Promise<void>,
): Promise<void> {
  const second = await startReplica(backing, clock);
  try {
    await race(second);
  } finally {
    await second.stop();
  }
}

export interface StartOptions {
  clock?: Clock;
  env?: Record<string, string>;
  /** With the jobs quiet (`QUIET_JOBS`), merged under `env`. */
  quiet?: boolean;
}

export async function startRevenue(backing: Backing, options: StartOptions = {}): Promise<RevenueUnderTest> {
  const { quiet, ...rest } = options;
  const env = { ...(quiet ? QUIET_JOBS : {}), ...options.env };
  const running = await startServiceUnderTest(revenueService, backing, { ...rest, env, secret: SECRET });
  const revenue: RevenueUnderTest = {
    ...running,
    requestBy: (caller, pathname, init) =>
      caller ? running.requestAs(caller, pathname, init) : running.request(pathname, init),
    deliver: (type, data) => running.deliver(envelope(type, data)),
    deliverEnvelope: (event) => running.deliver(event),
    events: async (type) => (await running.events(type)).map(({ type, data }) => ({ type, data })) as never,
    consent: (owner, baseline) => consent(revenue, owner, baseline),
    consentAgreedOn: (owner, agreedAt, baseline) => consentAgreedOn(revenue, owner, agreedAt, baseline),
    ownerAgreedOn: (agreedAt, baseline) => ownerAgreedOn(revenue, agreedAt, baseline),
    statusChanged: (owner, status, name) => statusChanged(revenue, owner, status, name),
    submitReport: (owner, body) => submitReport(revenue, owner, body),
    reportPeriod: (owner, periodStart, periodEnd, figures) =>
      submitReport(revenue, owner, reportBody(periodStart, periodEnd, figures)),
    acceptedReport: (owner, body) => acceptedReport(revenue, owner, body),
    verify: (reportId) => running.requestAs(admin(), `/api/admin/verify-report/${reportId}`, json({})),
    markPaid: (reportId, amount, paymentId) =>
      running.requestAs(admin(), `/api/admin/mark-paid/${reportId}`, json({ amount, paymentId })),
    myReports: async (owner) =>
      MyRevenueReportsSchema.parse(await (await running.requestAs(owner, '/api/revenue-reports')).json()),
    customers: async () =>
      z
        .array(RevenueCustomerSchema)
        .parse(await (await running.requestAs(admin(), '/api/admin/revenue-customers')).json()),
    adminReports: async () =>
      z
        .array(AdminRevenueReportSchema)
        .parse(await (await running.requestAs(admin(), '/api/admin/revenue-reports')).json()),
    remindersOf: async (owner) =>
      (await revenue.events('revenue.reminder.requested'))
        .map((row) => row.data)
        .filter((reminder) => reminder.userId === owner.userId),
    paymentRemindersOf: async (owner) =>
      (await revenue.remindersOf(owner))
        .filter((reminder) => reminder.kind.startsWith('payment-'))
        .map((reminder): [ReminderRequest['kind'], number | undefined] => [reminder.kind, reminder.step]),
    collectionRequests: async (reportId) =>
      (await revenue.events('revenue.share.collection-requested'))
        .map((row) => row.data)
        .filter((request) => request.reportId === reportId),
    collectionFailed: (request, reason) =>
      revenue.deliver('payment.share-collection.failed', {
        collectionId: request.collectionId,
        reportId: request.reportId,
        userId: request.userId,
        attempt: request.attempt,
        reason,
        message: reason === 'no-card' ? '' : 'Your card has insufficient funds.',
        failedAt: running.service.deps.clock.now().toISOString(),
      }),
  };
  return revenue;
}

/** Two writers at once on the revenue database (the kit's `interleave`; PostgreSQL only). */
export function interleave(
  revenue: RevenueUnderTest,
  first: (tx: Executor) => Promise<unknown>,
  second: (tx: Executor) => Promise<unknown>,
): Promise<void> {
  return interleaveWriters(revenue.service.deps.db, first, second);
}

/** A suite's revenue service and the backing it runs on: reads fail until the suite's `beforeAll` has run. */
export type RevenueSuite = RevenueUnderTest & { readonly backing: Backing };

/**
 * A suite's revenue service on `factory`'s backing, started in its `beforeAll` (then `setUp`, e.g. the
 * suite's owners) and stopped in its `afterAll`. What it returns stands for the running service.
 */
export function useRevenue(
  factory: BackingFactory,
  options: StartOptions = {},
  setUp?: () => Promise<void>,
): RevenueSuite {
  let current: RevenueUnderTest | undefined;
  const suite = useBacking(factory, async (backing) => {
    current = await startRevenue(backing, options);
    await setUp?.();
    return current;
  });
  return lateBound(() => current && { ...current, backing: suite.backing }, 'the revenue service');
}

/** What `useClockedRevenue` gives a suite: the service, its clock and a support admin to call as. */
export interface ClockedRevenue {
  revenue: RevenueSuite;
  clock: SettableClock;
  /** A support admin of the suite's own (`admin()`), for the admin's routes. */
  support: UserCaller;
}

/**
 * A suite's revenue service (`useRevenue`) on a settable clock of its own, from `at` (`START` unless
 * given), which the tests move, and a support admin: the set-up most suites start with.
 */
export function useClockedRevenue(
  factory: BackingFactory,
  options: Omit<StartOptions, 'clock'> & { at?: string } = {},
  setUp?: () => Promise<void>,
): ClockedRevenue {
  const { at = START, ...start } = options;
  const clock = new SettableClock(at);
  return { revenue: useRevenue(factory, { ...start, clock }, setUp), clock, support: admin() };
}

/**
 * A suite's clocked revenue service (`useClockedRevenue`) and its owner, on the plan since `agreedAt`
 * (`ownerAgreedOn`, made in the suite's `beforeAll` before `setUp`): the set-up of the suites about one
 * owner's reports. `owner` stands for them once the `beforeAll` has run.
 */
export function useClockedOwner(
  factory: BackingFactory,
  plan: { agreedAt: string; baselineNetRevenue?: number },
  options: Omit<StartOptions, 'clock'> & { at?: string } = {},
  setUp?: () => Promise<void>,
): ClockedRevenue & { owner: UserCaller } {
  let current: UserCaller | undefined;
  const suite = useClockedRevenue(factory, options, async () => {
    current = await suite.revenue.ownerAgreedOn(plan.agreedAt, plan.baselineNetRevenue);
    await setUp?.();
  });
  return { ...suite, owner: lateBound(() => current, "the suite's owner") };
}

/** An owner who consented (through the API) with the given baseline, in cents. */
export async function consent(
  revenue: RevenueUnderTest,
  owner: UserCaller,
  baselineNetRevenue?: number,
): Promise<void> {
  const response = await revenue.requestAs(
    owner,
    '/api/revenue-share-consent',
    json({ consentToTerms: true, termsVersion: 'v1.0', baselineNetRevenue }),
  );
  if (response.status !== 200) throw new Error(`consent failed: ${response.status} ${await response.text()}`);
}

/**
 * An owner on the plan since `agreedAt` (`YYYY-MM-DD`, not after the service clock's today): consent, then
 * the admin records the agreement date, so the months to report start from it (docs/decisions.md, 66).
 */
export async function consentAgreedOn(
  revenue: RevenueUnderTest,
  owner: UserCaller,
  agreedAt: string,
  baselineNetRevenue?: number,
): Promise<void> {
  await consent(revenue, owner, baselineNetRevenue);
  const response = await revenue.requestAs(
    admin(),
    `/api/admin/revenue-customers/${owner.userId}/agreement-date`,
    json({ agreedAt, reason: 'Joined the programme before the platform existed' }),
  );
  if (response.status !== 200) {
    throw new Error(`agreement date failed: ${response.status} ${await response.text()}`);
  }
}

/** A new owner on the plan since `agreedAt` (`consentAgreedOn`). */
export async function ownerAgreedOn(
  revenue: RevenueUnderTest,
  agreedAt: string,
  baselineNetRevenue?: number,
): Promise<UserCaller> {
  const owner = user();
  await consentAgreedOn(revenue, owner, agreedAt, baselineNetRevenue);
  return owner;
}

/**
 * What auth says when an owner's plan or consultation moves (`auth.user.status-changed`), as of the
 * service clock's now, naming the owner as the ledger shows them.
 */
export function statusChanged(
  revenue: RevenueUnderTest,
  owner: UserCaller,
  status: OwnerStatus,
  name: OwnerName = { firstName: 'Marta', lastName: 'Quintero' },
): Promise<void> {
  return revenue.deliver('auth.user.status-changed', {
    userId: owner.userId,
    ...status,
    changedAt: revenue.service.deps.clock.now().toISOString(),
    email: owner.email,
    ...name,
  });
}

/** A report's figures in cents: the gross revenue and, unless none, the business expenses. */
export type ReportFigures = { gross: number; expenses?: number };

/** A report body in cents: net = gross − expenses. */
export function reportBody(
  periodStart: string,
  periodEnd: string,
  figures: ReportFigures = { gross: 1_000_000 },
): Record<string, unknown> {
  const expenses = figures.expenses ?? 0;
  return {
    reportingPeriodStart: periodStart,
    reportingPeriodEnd: periodEnd,
    grossRevenue: figures.gross,
    businessExpenses: expenses,
    netRevenue: Math.max(0, figures.gross - expenses),
    notes: '',
  };
}

export async function submitReport(
  revenue: RevenueUnderTest,
  owner: UserCaller,
  body: Record<string, unknown>,
): Promise<SubmittedReport> {
  const response = await revenue.requestAs(owner, '/api/revenue-report', json(body));
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** `owner`'s report, submitted through the API, which must be accepted; returns its id. */
export async function acceptedReport(
  revenue: RevenueUnderTest,
  owner: UserCaller,
  body: Record<string, unknown>,
): Promise<string> {
  const submitted = await submitReport(revenue, owner, body);
  if (submitted.status !== 200) {
    throw new Error(`report failed: ${submitted.status} ${JSON.stringify(submitted.body)}`);
  }
  return (submitted.body.report as { id: string }).id;
}

/**
 * February of `year`: net $11,000.00 (gross $16,000.00, expenses $5,000.00), which over a $1,000.00
 * baseline owes a $1,000.00 share.
 */
function februaryReport(year: number): Record<string, unknown> {
  return reportBody(`${year}-02-01`, `${year}-02-28`, { gross: 1_600_000, expenses: 500_000 });
}

/**
 * `owner`'s February report of `year` (`februaryReport`), submitted March 3, 10:00: due April 2, 10:00.
 * Moves the settable service clock to the submission; returns the report's id.
 */
export async function submitFebruaryReport(
  revenue: RevenueUnderTest,
  clock: SettableClock,
  owner: UserCaller,
  year: number,
): Promise<string> {
  clock.set(`${year}-03-03T10:00:00.000Z`);
  return acceptedReport(revenue, owner, februaryReport(year));
}

/**
 * An owner (agreed on December 20 of `year − 1`, baseline $1,000.00) whose February report of `year`
 * (`submitFebruaryReport`) is verified. Moves the settable service clock to the submission.
 */
export async function verifiedShareIn(
  revenue: RevenueUnderTest,
  clock: SettableClock,
  year: number,
): Promise<{ owner: UserCaller; reportId: string; due: Date }> {
  clock.set(`${year - 1}-12-21T10:00:00.000Z`);
  const owner = await ownerAgreedOn(revenue, `${year - 1}-12-20`, 100_000);
  const reportId = await submitFebruaryReport(revenue, clock, owner, year);
  const verified = await revenue.verify(reportId);
  if (verified.status !== 200) throw new Error(`verify failed: ${verified.status} ${await verified.text()}`);
  return { owner, reportId, due: new Date(`${year}-04-02T10:00:00.000Z`) };
}

/**
 * A share order as the payment service announces it paid (`payment.order.paid`): `owner` paid `total`
 * cents for `reportId` at `paidAt`, on one line named as the checkout showed it (`name`).
 */
export function paidShareOrder(order: {
  owner: UserCaller;
  reportId: string;
  total: number;
  paidAt: Date;
  name?: string;
  /** The card-on-file collection attempt the order charged. */
  collection?: CollectionRequest;
}): PaymentOrderPaid {
  const { owner, reportId, total, paidAt, name = 'Revenue share', collection } = order;
  return {
    orderId: randomUUID(),
    provider: 'test',
    email: owner.email,
    firstName: 'Marta',
    lastName: 'Quintero',
    total,
    currency: 'USD',
    lines: [{ productId: 'revenue-share', name, unitPrice: total, quantity: 1 }],
    courseIds: [],
    paidAt: paidAt.toISOString(),
    placedByUserId: owner.userId,
    revenueReportId: reportId,
    ...(collection ? { collectionId: collection.collectionId } : {}),
  };
}

/** The refund of the whole of `order` (`payment.order.refunded`) at `refundedAt`. */
export function refundOf(order: PaymentOrderPaid, refundedAt: Date): PaymentOrderRefunded {
  return {
    orderId: order.orderId,
    email: order.email,
    firstName: order.firstName,
    amount: order.total,
    currency: 'USD',
    courseIds: [],
    refundedAt: refundedAt.toISOString(),
    revenueReportId: order.revenueReportId,
  };
}
