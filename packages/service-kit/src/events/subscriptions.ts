/**
 * How a service reacts to events: it lists its subscriptions in one place (`events/subscriptions.ts`) and
 * starts them here. Each runs with the durable consumer `<service>` (or `<service>-<name>`), checks the
 * event against the contracts, and applies the handler inside `applyOnce`, so redeliveries are harmless.
 * An event that fails the contract is logged and dead-lettered at once, never retried.
 */
import {
  EventEnvelopeSchema,
  eventSchemas,
  isKnownEventType,
  type EventData,
  type EventEnvelope,
  type EventType,
} from '@platform/contracts';
import { pino } from 'pino';
import type { Database, Transaction } from '../db/database.js';
import type { Logger } from '../logger.js';
import { UnprocessableEventError } from './delivery-policy.js';
import { applyOnce } from './inbox.js';
import type { InboxTable } from './tables.js';
import type { EventBus, Subscription } from './types.js';
import { eventRedeliveries } from '../runtime/metrics.js';
import { traceEventHandling } from '../runtime/tracing.js';

export interface EventHandlerContext {
  /** The transaction that also records the event in the inbox: write the effect (and any outbox rows) here. */
  tx: Transaction;
  logger: Logger;
  headers: Record<string, string>;
  deliveryCount: number;
}

type DataOf<T extends string> = T extends EventType ? EventData<T> : unknown;

export interface SubscriptionDefinition<T extends string = string> {
  /** The event type, e.g. `payment.order.paid`. */
  subject: T;
  /** Only needed when a service handles the same subject twice: the durable becomes `<service>-<name>`. */
  name?: string;
  maxDeliver?: number;
  ackWaitMs?: number;
  backoffMs?: number[];
  handler(event: EventEnvelope<DataOf<T>>, context: EventHandlerContext): Promise<void>;
}

/** Types the handler's `event.data` from the subject. */
export function defineSubscription<T extends EventType>(
  definition: SubscriptionDefinition<T>,
): SubscriptionDefinition {
  return definition as SubscriptionDefinition;
}

export interface StartSubscriptionsOptions {
  bus: EventBus;
  db: Database;
  inboxTable: InboxTable;
  /** The service name, e.g. `auth`: the durable consumer name. */
  service: string;
  subscriptions: SubscriptionDefinition[];
  logger?: Logger;
}

export interface RunningSubscriptions {
  stop(): Promise<void>;
}

export async function startSubscriptions(options: StartSubscriptionsOptions): Promise<RunningSubscriptions> {
  const logger = options.logger ?? pino({ level: 'silent' });
  const seen = new Set<string>();
  for (const definition of options.subscriptions) {
    const key = `${durableFor(options.service, definition)} ${definition.subject}`;
    if (seen.has(key)) {
      throw new Error(`Subscription "${definition.subject}" is listed twice for ${key}: give one a name`);
    }
    seen.add(key);
  }

  const started: Subscription[] = [];
  try {
    for (const definition of options.subscriptions) {
      const durable = durableFor(options.service, definition);
      const consumer = `${durable}:${definition.subject}`;
      started.push(
        await options.bus.subscribe(
          {
            subject: definition.subject,
            durable,
            maxDeliver: definition.maxDeliver,
            ackWaitMs: definition.ackWaitMs,
            backoffMs: definition.backoffMs,
          },
          // Inside a span continuing the trace of the work that enqueued the event.
          ({ event, headers, deliveryCount }) =>
            traceEventHandling(options.service, definition.subject, headers, async () => {
              const log = logger.child({ consumer, eventId: readId(event), deliveryCount });
              if (deliveryCount > 1)
                eventRedeliveries.inc({ service: options.service, subject: definition.subject });
              const envelope = checkEvent(event, log);
              const outcome = await applyOnce(
                options.db,
                options.inboxTable,
                { eventId: envelope.id, consumer, type: envelope.type },
                (tx) => definition.handler(envelope, { tx, logger: log, headers, deliveryCount }),
              );
              if (outcome === 'duplicate')
                log.debug({ type: envelope.type }, 'event already applied; skipped');
            }),
        ),
      );
    }
  } catch (error) {
    await Promise.allSettled(started.map((subscription) => subscription.stop()));
    throw error;
  }
  logger.info(
    { service: options.service, subjects: options.subscriptions.map((s) => s.subject) },
    'event subscriptions started',
  );
  return {
    stop: async () => {
      await Promise.all(started.map((subscription) => subscription.stop()));
    },
  };
}

function durableFor(service: string, definition: SubscriptionDefinition): string {
  return definition.name ? `${service}-${definition.name}` : service;
}

function readId(event: unknown): unknown {
  return typeof event === 'object' && event !== null ? (event as { id?: unknown }).id : undefined;
}

/** The envelope and its data, parsed with the contracts; anything else can never succeed. */
function checkEvent(event: unknown, log: Logger): EventEnvelope {
  const envelope = EventEnvelopeSchema.safeParse(event);
  if (!envelope.success) {
    log.error({ issues: envelope.error.issues }, 'event envelope fails the contract');
    throw new UnprocessableEventError(`Invalid event envelope: ${summarize(envelope.error.issues)}`);
  }
  const { type } = envelope.data;
  if (!isKnownEventType(type)) {
    log.error({ type }, 'event type has no contract');
    throw new UnprocessableEventError(`Unknown event type "${type}"`);
  }
  const data = eventSchemas[type].data.safeParse(envelope.data.data);
  if (!data.success) {
    log.error(
      { type, version: envelope.data.version, issues: data.error.issues },
      'event data fails the contract',
    );
    throw new UnprocessableEventError(`Invalid data for "${type}": ${summarize(data.error.issues)}`);
  }
  return { ...envelope.data, data: data.data };
}

function summarize(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): string {
  return issues
    .map((issue) => `${issue.path.map(String).join('.') || '(root)'}: ${issue.message}`)
    .join('; ');
}
