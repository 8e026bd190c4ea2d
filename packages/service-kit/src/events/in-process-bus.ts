/**
 * The event bus of the embedded mode: all services share ONE instance in one process. It mirrors what the
 * services rely on from JetStream so both adapters pass the same contract suite:
 *
 * - Every published message is kept in a bounded in-memory log (`maxRetainedMessages`, default 10,000).
 *   A durable consumer (durable name + subject) created later starts from the start of that log, like a
 *   JetStream durable with deliver policy `all`; a stopped durable keeps its queue and resumes where it
 *   left off. Nothing survives the process: after a crash the outbox re-publishes what was not confirmed.
 * - Duplicates (same event id) within `duplicateWindowMs` (default 2 min) are dropped.
 * - Per durable consumer ONE message is in flight at a time (whichever subscriber of that durable gets
 *   it, round robin), in publish order; a failed message waits out its backoff while later ones proceed.
 * - A handler that throws gets the message again after `backoffMs[deliveryCount - 1]`; after `maxDeliver`
 *   deliveries (or at once for an `UnprocessableEventError`) it becomes a dead letter. A handler that does
 *   not settle within `ackWaitMs` is treated as lost: the message is redelivered (a dead letter if that
 *   was the last delivery) and the late result is ignored.
 * - `awaitDelivery` (default true): `publish` resolves only once every durable that had an active
 *   subscriber has acked or dead-lettered the event (or lost its last subscriber), or after
 *   `deliveryTimeoutMs` (default 25 s, shorter than the outbox relay's 30 s in-flight lock). So the relay
 *   marks a row sent only after its consumers applied it, which makes the embedded mode crash-safe.
 *   A handler must therefore not await a direct `publish` of an event its own durable consumes
 *   (it would wait for itself until the timeout); handlers write to their outbox instead.
 */
import { pino } from 'pino';
import type { Logger } from '../logger.js';
import {
  DEFAULT_DUPLICATE_WINDOW_MS,
  backoffFor,
  deliveryLimits,
  describeError,
  isUnprocessableEventError,
  subjectMatches,
} from './delivery-policy.js';
import type {
  DeadLetter,
  DeliveryHandler,
  EventBus,
  EventEnvelope,
  PublishOptions,
  SubscribeOptions,
  Subscription,
} from './types.js';

export interface InProcessBusOptions {
  logger?: Logger;
  /** Default true: `publish` waits until the active consumers have applied the event. */
  awaitDelivery?: boolean;
  /** Upper bound of that wait; the message stays queued afterwards. Default 25 s. */
  deliveryTimeoutMs?: number;
  /** Default 2 minutes, like JetStream's duplicate window. */
  duplicateWindowMs?: number;
  /** How many messages the log keeps for durable consumers that do not exist yet. Default 10,000. */
  maxRetainedMessages?: number;
}

interface StoredMessage {
  seq: number;
  subject: string;
  /** JSON, so handlers get a fresh copy each delivery and non-JSON data fails as it would on NATS. */
  payload: string;
  headers: Record<string, string>;
}

interface PendingMessage {
  stored: StoredMessage;
  deliveryCount: number;
  /** Not redelivered before this time (ms since epoch). */
  notBefore: number;
  /** Publishers waiting for this message to be acked or dead-lettered. */
  waiters: Array<() => void>;
}

interface Subscriber {
  handler: DeliveryHandler;
  active: boolean;
  stopping?: Promise<void>;
}

interface InFlight {
  message: PendingMessage;
  subscriber: Subscriber;
  ackTimer: NodeJS.Timeout;
  settled: Promise<void>;
  settle: () => void;
}

interface DurableConsumer {
  durable: string;
  filter: string;
  maxDeliver: number;
  ackWaitMs: number;
  backoffMs: readonly number[];
  pending: PendingMessage[];
  subscribers: Subscriber[];
  nextSubscriber: number;
  inFlight: InFlight | null;
  wakeTimer: NodeJS.Timeout | null;
}

interface PublishWait {
  timer: NodeJS.Timeout;
  resolve: () => void;
}

export class InProcessBus implements EventBus {
  readonly kind = 'in-process' as const;

  private readonly logger: Logger;
  private readonly awaitDelivery: boolean;
  private readonly deliveryTimeoutMs: number;
  private readonly duplicateWindowMs: number;
  private readonly maxRetainedMessages: number;

  private readonly log: StoredMessage[] = [];
  private sequence = 0;
  private readonly consumers = new Map<string, DurableConsumer>();
  /** Event id → when it leaves the window, and the first publish's completion. Insertion-ordered. */
  private readonly recentIds = new Map<string, { expiresAt: number; done: Promise<void> }>();
  private readonly publishWaits = new Set<PublishWait>();
  private readonly deadLetterHandlers = new Set<(letter: DeadLetter) => Promise<void>>();
  private readonly deadLetterCalls = new Set<Promise<void>>();
  private readonly keptDeadLetters: DeadLetter[] = [];
  private closed = false;

  constructor(options: InProcessBusOptions = {}) {
    this.logger = options.logger ?? pino({ level: 'silent' });
    this.awaitDelivery = options.awaitDelivery ?? true;
    this.deliveryTimeoutMs = options.deliveryTimeoutMs ?? 25_000;
    this.duplicateWindowMs = options.duplicateWindowMs ?? DEFAULT_DUPLICATE_WINDOW_MS;
    this.maxRetainedMessages = options.maxRetainedMessages ?? 10_000;
  }

  /** Every dead letter since the bus was created (operators' view in the embedded mode, and tests). */
  get deadLetters(): readonly DeadLetter[] {
    return [...this.keptDeadLetters];
  }

  async publish(event: EventEnvelope, options: PublishOptions = {}): Promise<void> {
    this.assertOpen();
    const now = Date.now();
    this.forgetExpiredIds(now);
    const previous = this.recentIds.get(event.id);
    if (previous) return previous.done;

    const stored: StoredMessage = {
      seq: ++this.sequence,
      subject: event.type,
      payload: JSON.stringify(event),
      headers: { ...options.headers },
    };
    this.log.push(stored);
    if (this.log.length > this.maxRetainedMessages)
      this.log.splice(0, this.log.length - this.maxRetainedMessages);

    const waits: Array<Promise<void>> = [];
    for (const consumer of this.consumers.values()) {
      if (!subjectMatches(consumer.filter, stored.subject)) continue;
      const message: PendingMessage = { stored, deliveryCount: 0, notBefore: 0, waiters: [] };
      consumer.pending.push(message);
      if (this.awaitDelivery && consumer.subscribers.length > 0) {
        waits.push(new Promise<void>((resolve) => message.waiters.push(resolve)));
      }
      this.dispatch(consumer);
    }
    const done = waits.length > 0 ? this.waitAtMost(Promise.all(waits), event) : Promise.resolve();
    this.recentIds.set(event.id, { expiresAt: now + this.duplicateWindowMs, done });
    return done;
  }

  async subscribe(options: SubscribeOptions, handler: DeliveryHandler): Promise<Subscription> {
    this.assertOpen();
    const key = `${options.durable}\u0000${options.subject}`;
    const limits = deliveryLimits(options);
    let consumer = this.consumers.get(key);
    if (!consumer) {
      consumer = {
        durable: options.durable,
        filter: options.subject,
        ...limits,
        // A new durable starts from the beginning of the retained log (JetStream: deliver policy all).
        pending: this.log
          .filter((stored) => subjectMatches(options.subject, stored.subject))
          .map((stored) => ({ stored, deliveryCount: 0, notBefore: 0, waiters: [] })),
        subscribers: [],
        nextSubscriber: 0,
        inFlight: null,
        wakeTimer: null,
      };
      this.consumers.set(key, consumer);
    }
    // Like a consumer update: the latest subscriber's settings apply to the durable.
    Object.assign(consumer, limits);

    const subscriber: Subscriber = { handler, active: true };
    consumer.subscribers.push(subscriber);
    const target = consumer;
    this.dispatch(target);
    return { stop: () => this.unsubscribe(target, subscriber) };
  }

  async subscribeDeadLetters(handler: (letter: DeadLetter) => Promise<void>): Promise<Subscription> {
    this.assertOpen();
    this.deadLetterHandlers.add(handler);
    return {
      stop: async () => {
        this.deadLetterHandlers.delete(handler);
        await Promise.allSettled([...this.deadLetterCalls]);
      },
    };
  }

  async ping(): Promise<void> {
    this.assertOpen();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const stops: Array<Promise<void>> = [];
    for (const consumer of this.consumers.values()) {
      for (const subscriber of [...consumer.subscribers]) stops.push(this.unsubscribe(consumer, subscriber));
    }
    await Promise.all(stops);
    for (const consumer of this.consumers.values()) {
      this.clearWake(consumer);
      for (const message of consumer.pending) this.releaseWaiters(message);
    }
    for (const wait of this.publishWaits) {
      clearTimeout(wait.timer);
      wait.resolve();
    }
    this.publishWaits.clear();
    this.deadLetterHandlers.clear();
    await Promise.allSettled([...this.deadLetterCalls]);
    this.recentIds.clear();
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('The in-process event bus is closed');
  }

  private forgetExpiredIds(now: number): void {
    for (const [id, entry] of this.recentIds) {
      if (entry.expiresAt > now) break; // insertion order = expiry order
      this.recentIds.delete(id);
    }
  }

  private waitAtMost(all: Promise<unknown>, event: EventEnvelope): Promise<void> {
    return new Promise<void>((resolve) => {
      const wait: PublishWait = {
        resolve,
        timer: setTimeout(() => {
          this.publishWaits.delete(wait);
          this.logger.warn(
            { eventId: event.id, type: event.type, timeoutMs: this.deliveryTimeoutMs },
            'consumers did not finish the event in time; it stays queued',
          );
          resolve();
        }, this.deliveryTimeoutMs),
      };
      this.publishWaits.add(wait);
      void all.then(() => {
        clearTimeout(wait.timer);
        this.publishWaits.delete(wait);
        resolve();
      });
    });
  }

  private dispatch(consumer: DurableConsumer): void {
    if (this.closed || consumer.inFlight || consumer.subscribers.length === 0) return;
    const now = Date.now();
    let message: PendingMessage | undefined;
    let earliest = Number.POSITIVE_INFINITY;
    for (const candidate of consumer.pending) {
      if (candidate.notBefore <= now) {
        message = candidate;
        break;
      }
      earliest = Math.min(earliest, candidate.notBefore);
    }
    if (!message) {
      if (Number.isFinite(earliest)) this.wakeAt(consumer, earliest - now);
      return;
    }

    const subscriber = consumer.subscribers[consumer.nextSubscriber++ % consumer.subscribers.length]!;
    message.deliveryCount += 1;
    let settle!: () => void;
    const settled = new Promise<void>((resolve) => (settle = resolve));
    const inFlight: InFlight = {
      message,
      subscriber,
      settled,
      settle,
      ackTimer: setTimeout(() => this.onAckTimeout(consumer, inFlight), consumer.ackWaitMs),
    };
    consumer.inFlight = inFlight;
    const delivery = {
      event: JSON.parse(message.stored.payload) as EventEnvelope,
      headers: { ...message.stored.headers },
      deliveryCount: message.deliveryCount,
    };
    Promise.resolve()
      .then(() => subscriber.handler(delivery))
      .then(
        () => this.onAck(consumer, inFlight),
        (error: unknown) => this.onFailure(consumer, inFlight, error),
      );
  }

  /** Ends a delivery; false when it had already ended (a late result after the ack wait). */
  private finish(consumer: DurableConsumer, inFlight: InFlight): boolean {
    if (consumer.inFlight !== inFlight) return false;
    clearTimeout(inFlight.ackTimer);
    consumer.inFlight = null;
    inFlight.settle();
    return true;
  }

  private onAck(consumer: DurableConsumer, inFlight: InFlight): void {
    if (!this.finish(consumer, inFlight)) return;
    this.remove(consumer, inFlight.message);
    this.dispatch(consumer);
  }

  private onFailure(consumer: DurableConsumer, inFlight: InFlight, error: unknown): void {
    if (!this.finish(consumer, inFlight)) return;
    const { message } = inFlight;
    if (isUnprocessableEventError(error) || message.deliveryCount >= consumer.maxDeliver) {
      this.deadLetter(consumer, message, describeError(error));
    } else {
      const delayMs = backoffFor(consumer.backoffMs, message.deliveryCount);
      message.notBefore = Date.now() + delayMs;
      this.logger.warn(
        {
          err: error,
          durable: consumer.durable,
          seq: message.stored.seq,
          deliveryCount: message.deliveryCount,
          delayMs,
        },
        'event handler failed; redelivering after backoff',
      );
    }
    this.dispatch(consumer);
  }

  private onAckTimeout(consumer: DurableConsumer, inFlight: InFlight): void {
    if (!this.finish(consumer, inFlight)) return;
    const { message } = inFlight;
    if (message.deliveryCount >= consumer.maxDeliver) {
      this.deadLetter(consumer, message, `not acknowledged within ${consumer.ackWaitMs} ms`);
    } else {
      message.notBefore = 0;
      this.logger.warn(
        { durable: consumer.durable, seq: message.stored.seq, deliveryCount: message.deliveryCount },
        'event not acknowledged in time; redelivering',
      );
    }
    this.dispatch(consumer);
  }

  private deadLetter(consumer: DurableConsumer, message: PendingMessage, error: string): void {
    this.remove(consumer, message);
    const letter: DeadLetter = {
      event: JSON.parse(message.stored.payload) as EventEnvelope,
      durable: consumer.durable,
      deliveryCount: message.deliveryCount,
      error,
    };
    this.keptDeadLetters.push(letter);
    this.logger.error(
      { durable: consumer.durable, eventId: letter.event.id, type: letter.event.type, error },
      'event dead-lettered',
    );
    for (const handler of this.deadLetterHandlers) {
      const call = Promise.resolve()
        .then(() => handler(structuredClone(letter)))
        .catch((handlerError: unknown) =>
          this.logger.error({ err: handlerError }, 'dead-letter handler failed'),
        )
        .finally(() => this.deadLetterCalls.delete(call));
      this.deadLetterCalls.add(call);
    }
  }

  private remove(consumer: DurableConsumer, message: PendingMessage): void {
    const index = consumer.pending.indexOf(message);
    if (index >= 0) consumer.pending.splice(index, 1);
    this.releaseWaiters(message);
  }

  private releaseWaiters(message: PendingMessage): void {
    const waiters = message.waiters.splice(0);
    for (const resolve of waiters) resolve();
  }

  private wakeAt(consumer: DurableConsumer, delayMs: number): void {
    this.clearWake(consumer);
    consumer.wakeTimer = setTimeout(
      () => {
        consumer.wakeTimer = null;
        this.dispatch(consumer);
      },
      Math.max(0, delayMs),
    );
  }

  private clearWake(consumer: DurableConsumer): void {
    if (consumer.wakeTimer) clearTimeout(consumer.wakeTimer);
    consumer.wakeTimer = null;
  }

  /** Stops taking messages; waits for this subscriber's delivery to settle or its ack wait to run out. */
  private unsubscribe(consumer: DurableConsumer, subscriber: Subscriber): Promise<void> {
    if (subscriber.stopping) return subscriber.stopping;
    subscriber.active = false;
    const index = consumer.subscribers.indexOf(subscriber);
    if (index >= 0) consumer.subscribers.splice(index, 1);
    subscriber.stopping = (async () => {
      const inFlight = consumer.inFlight;
      if (inFlight && inFlight.subscriber === subscriber) await inFlight.settled;
      if (consumer.subscribers.length === 0) {
        // Nobody is left to apply what is queued: publishers stop waiting, the messages stay queued.
        this.clearWake(consumer);
        for (const message of consumer.pending) this.releaseWaiters(message);
      }
    })();
    return subscriber.stopping;
  }
}
