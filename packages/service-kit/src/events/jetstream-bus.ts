/**
 * The event bus of the distributed mode, on NATS JetStream.
 *
 * - Stream `<stream>` holds `<subjectPrefix>.events.>` (file storage, 2 min duplicate window, `maxAgeMs`
 *   retention, default 7 days); stream `<stream>_DLQ` holds `<subjectPrefix>.deadletter.>`. Both are
 *   created or updated at connect, idempotently, so replicas may start together.
 * - `publish` sets the message id to the event id, so the broker drops duplicates within the window.
 * - `subscribe` creates or updates a durable pull consumer per (durable, subject); each subscription
 *   handles one message at a time. Handler resolves → `ackAck`; throws → `nak(backoff)`; on the last
 *   allowed delivery (or an `UnprocessableEventError`) the bus publishes a dead letter, then `term`s.
 *   The server-side `max_deliver` is unlimited on purpose: deliveries lost to a crashed client (its pull
 *   requests outlive it) count too, and a server-side limit would drop such a message silently. Instead a
 *   message that arrives past `maxDeliver` goes to the dead-letter stream without running the handler.
 * - The client reconnects forever; publishing while disconnected fails after `requestTimeoutMs`.
 */
import { createHash } from 'node:crypto';
import {
  AckPolicy,
  DeliverPolicy,
  JetStreamApiError,
  RetentionPolicy,
  StorageType,
  jetstream,
  jetstreamManager,
  type ConsumerConfig,
  type ConsumerMessages,
  type JetStreamClient,
  type JetStreamManager,
  type JsMsg,
  type StreamConfig,
} from '@nats-io/jetstream';
import {
  connect,
  headers as createHeaders,
  nanos,
  type MsgHdrs,
  type NatsConnection,
} from '@nats-io/transport-node';
import { pino } from 'pino';
import type { Logger } from '../logger.js';
import {
  DEFAULT_DUPLICATE_WINDOW_MS,
  backoffFor,
  deliveryLimits,
  describeError,
  isUnprocessableEventError,
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

export interface JetStreamBusOptions {
  /** One URL or several, comma-separated. */
  servers: string;
  /** Stream name, e.g. `PLATFORM`; the dead-letter stream is `<stream>_DLQ`. */
  stream: string;
  /** First subject token(s), e.g. `platform`. */
  subjectPrefix: string;
  /** Connection name shown by the server (service name). */
  name?: string;
  logger?: Logger;
  /** How long the stream keeps a message for consumers that are down. Default 7 days. */
  maxAgeMs?: number;
  /** Default 2 minutes. */
  duplicateWindowMs?: number;
  /** Publish and JetStream API timeout. Default 5 s. */
  requestTimeoutMs?: number;
}

const SEVEN_DAYS_MS = 7 * 24 * 60 * 60 * 1000;
const RESTART_DELAY_MS = 1_000;

const ERR_STREAM_NAME_IN_USE = 10058;
const ERR_STREAM_NOT_FOUND = 10059;

interface ActiveSubscription {
  stopping: boolean;
  /** How long `stop` waits for a running handler: after that the server redelivers the message anyway. */
  maxStopWaitMs: number | undefined;
  messages: ConsumerMessages | undefined;
  loop: Promise<void>;
  wakeUp: (() => void) | undefined;
}

export class JetStreamBus implements EventBus {
  readonly kind = 'jetstream' as const;

  private readonly subscriptions = new Set<ActiveSubscription>();
  private closed = false;

  private constructor(
    private readonly nc: NatsConnection,
    private readonly js: JetStreamClient,
    private readonly jsm: JetStreamManager,
    private readonly options: Required<Omit<JetStreamBusOptions, 'name' | 'logger'>>,
    private readonly logger: Logger,
  ) {}

  /** Connects (throws when NATS cannot be reached) and ensures both streams exist. */
  static async connect(options: JetStreamBusOptions): Promise<JetStreamBus> {
    const logger = options.logger ?? pino({ level: 'silent' });
    const requestTimeoutMs = options.requestTimeoutMs ?? 5_000;
    const nc = await connect({
      servers: options.servers.split(',').map((server) => server.trim()),
      name: options.name,
      timeout: requestTimeoutMs,
      maxReconnectAttempts: -1,
      reconnectTimeWait: 1_000,
    });
    try {
      const jsm = await jetstreamManager(nc, { timeout: requestTimeoutMs });
      const js = jetstream(nc, { timeout: requestTimeoutMs });
      const bus = new JetStreamBus(
        nc,
        js,
        jsm,
        {
          servers: options.servers,
          stream: options.stream,
          subjectPrefix: options.subjectPrefix,
          maxAgeMs: options.maxAgeMs ?? SEVEN_DAYS_MS,
          duplicateWindowMs: options.duplicateWindowMs ?? DEFAULT_DUPLICATE_WINDOW_MS,
          requestTimeoutMs,
        },
        logger,
      );
      await bus.ensureStreams();
      bus.watchConnection();
      return bus;
    } catch (error) {
      await nc.close();
      throw error;
    }
  }

  get streamName(): string {
    return this.options.stream;
  }

  get deadLetterStreamName(): string {
    return `${this.options.stream}_DLQ`;
  }

  subjectFor(eventType: string): string {
    return `${this.options.subjectPrefix}.events.${eventType}`;
  }

  async publish(event: EventEnvelope, options: PublishOptions = {}): Promise<void> {
    const messageHeaders = createHeaders();
    for (const [key, value] of Object.entries(options.headers ?? {})) messageHeaders.set(key, value);
    await this.js.publish(this.subjectFor(event.type), JSON.stringify(event), {
      msgID: event.id,
      headers: messageHeaders,
      timeout: this.options.requestTimeoutMs,
    });
  }

  async subscribe(options: SubscribeOptions, handler: DeliveryHandler): Promise<Subscription> {
    if (this.closed) throw new Error('The JetStream event bus is closed');
    const name = consumerName(options.durable, options.subject);
    const { maxDeliver, ackWaitMs, backoffMs } = deliveryLimits(options);
    await this.ensureConsumer(name, {
      durable_name: name,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      max_deliver: -1,
      ack_wait: nanos(ackWaitMs),
      filter_subject: this.subjectFor(options.subject),
    });
    const consumer = await this.js.consumers.get(this.options.stream, name);
    const settings: DeliverySettings = {
      durable: options.durable,
      consumerName: name,
      maxDeliver,
      backoffMs,
    };
    // A pull request outlives a crashed client for `expires`; keep it near the ack wait.
    const expires = Math.min(30_000, Math.max(1_000, ackWaitMs));

    const state: ActiveSubscription = {
      stopping: false,
      maxStopWaitMs: ackWaitMs,
      messages: undefined,
      wakeUp: undefined,
      loop: Promise.resolve(),
    };
    state.loop = this.runLoop(state, 'consumer ' + name, async () => {
      const messages = await consumer.consume({ max_messages: 1, expires });
      state.messages = messages;
      if (state.stopping) void messages.close();
      for await (const message of messages) {
        if (state.stopping) {
          // Pulled but not started: hand it straight back for the next subscriber.
          settle(() => message.nak());
          continue;
        }
        await this.handleMessage(message, settings, handler);
      }
    });
    this.subscriptions.add(state);
    return { stop: () => this.stopSubscription(state) };
  }

  async subscribeDeadLetters(handler: (letter: DeadLetter) => Promise<void>): Promise<Subscription> {
    if (this.closed) throw new Error('The JetStream event bus is closed');
    const consumer = await this.js.consumers.get(this.deadLetterStreamName, {
      deliver_policy: DeliverPolicy.New,
    });
    const messages = await consumer.consume();
    const state: ActiveSubscription = {
      stopping: false,
      maxStopWaitMs: undefined,
      messages,
      wakeUp: undefined,
      loop: Promise.resolve(),
    };
    state.loop = (async () => {
      try {
        for await (const message of messages) {
          if (state.stopping) continue;
          try {
            await handler(message.json<DeadLetter>());
          } catch (error) {
            this.logger.error({ err: error }, 'dead-letter handler failed');
          }
        }
      } catch (error) {
        if (!state.stopping && !this.closed)
          this.logger.warn({ err: error }, 'dead-letter subscription ended');
      }
    })();
    this.subscriptions.add(state);
    return { stop: () => this.stopSubscription(state) };
  }

  async ping(): Promise<void> {
    await this.nc.flush();
    await this.jsm.streams.info(this.options.stream);
  }

  /** Stops every subscription (waiting for running handlers), then drains the connection. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.all([...this.subscriptions].map((state) => this.stopSubscription(state)));
    if (!this.nc.isClosed()) await this.nc.drain();
  }

  /**
   * Closes the connection at once, as a crash would: no draining, running handlers are not awaited and
   * their acks are lost, so the server redelivers those messages after the ack wait.
   */
  async terminate(): Promise<void> {
    this.closed = true;
    for (const state of this.subscriptions) {
      state.stopping = true;
      state.wakeUp?.();
    }
    await this.nc.close();
  }

  private async handleMessage(
    message: JsMsg,
    settings: DeliverySettings,
    handler: DeliveryHandler,
  ): Promise<void> {
    const deliveryCount = message.info.deliveryCount;
    let event: EventEnvelope;
    try {
      event = message.json<EventEnvelope>();
    } catch (error) {
      this.logger.error({ err: error, subject: message.subject }, 'message is not JSON; terminating it');
      settle(() => message.term());
      return;
    }
    if (deliveryCount > settings.maxDeliver) {
      await this.deadLetter(
        message,
        event,
        settings,
        deliveryCount - 1,
        'not acknowledged within the ack wait',
      );
      return;
    }
    try {
      await handler({ event, headers: readHeaders(message.headers), deliveryCount });
    } catch (error) {
      if (isUnprocessableEventError(error) || deliveryCount >= settings.maxDeliver) {
        await this.deadLetter(message, event, settings, deliveryCount, describeError(error));
      } else {
        const delayMs = backoffFor(settings.backoffMs, deliveryCount);
        this.logger.warn(
          { err: error, durable: settings.durable, eventId: event.id, deliveryCount, delayMs },
          'event handler failed; redelivering after backoff',
        );
        settle(() => message.nak(delayMs));
      }
      return;
    }
    try {
      await message.ackAck({ timeout: this.options.requestTimeoutMs });
    } catch (error) {
      // The effect is committed; a redelivery is dropped by the consumer's inbox.
      this.logger.warn({ err: error, eventId: event.id }, 'ack not confirmed; the event may be redelivered');
    }
  }

  private async deadLetter(
    message: JsMsg,
    event: EventEnvelope,
    settings: DeliverySettings,
    deliveryCount: number,
    error: string,
  ): Promise<void> {
    const letter: DeadLetter = { event, durable: settings.durable, deliveryCount, error };
    try {
      await this.js.publish(
        `${this.options.subjectPrefix}.deadletter.${sanitize(settings.durable)}`,
        JSON.stringify(letter),
        { msgID: `${event.id}:${settings.consumerName}`, timeout: this.options.requestTimeoutMs },
      );
      this.logger.error(
        { durable: settings.durable, eventId: event.id, type: event.type, error },
        'event dead-lettered',
      );
      settle(() => message.term());
    } catch (publishError) {
      // Keep the message: its next delivery (past maxDeliver) tries the dead-letter path again.
      this.logger.error(
        { err: publishError, eventId: event.id },
        'could not publish the dead letter; will retry',
      );
      settle(() => message.nak(backoffFor(settings.backoffMs, deliveryCount)));
    }
  }

  /** Runs `consume` until stopped; restarts it after a pause when it ends on its own (lost consumer). */
  private async runLoop(
    state: ActiveSubscription,
    label: string,
    consume: () => Promise<void>,
  ): Promise<void> {
    while (!state.stopping && !this.closed) {
      try {
        await consume();
      } catch (error) {
        if (!state.stopping && !this.closed) this.logger.warn({ err: error }, `${label} failed`);
      }
      state.messages = undefined;
      if (state.stopping || this.closed) break;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, RESTART_DELAY_MS);
        state.wakeUp = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      state.wakeUp = undefined;
    }
  }

  private async stopSubscription(state: ActiveSubscription): Promise<void> {
    state.stopping = true;
    state.wakeUp?.();
    // Closing takes effect once the running handler (if any) returns and the iterator moves on.
    void state.messages?.close();
    await waitAtMost(state.loop, state.maxStopWaitMs);
    this.subscriptions.delete(state);
  }

  private async ensureStreams(): Promise<void> {
    const common = {
      storage: StorageType.File,
      retention: RetentionPolicy.Limits,
      max_age: nanos(this.options.maxAgeMs),
      duplicate_window: nanos(this.options.duplicateWindowMs),
    };
    await this.ensureStream({
      ...common,
      name: this.options.stream,
      subjects: [`${this.options.subjectPrefix}.events.>`],
    });
    await this.ensureStream({
      ...common,
      name: this.deadLetterStreamName,
      subjects: [`${this.options.subjectPrefix}.deadletter.>`],
    });
  }

  private async ensureStream(config: Partial<StreamConfig> & { name: string }): Promise<void> {
    try {
      await this.jsm.streams.add(config);
    } catch (error) {
      // Exists with another configuration (e.g. an older retention): bring it up to date.
      if (!(error instanceof JetStreamApiError) || error.code !== ERR_STREAM_NAME_IN_USE) throw error;
      const { name, ...update } = config;
      await this.jsm.streams.update(name, update);
    }
  }

  private async ensureConsumer(name: string, config: Partial<ConsumerConfig>): Promise<void> {
    try {
      await this.jsm.consumers.add(this.options.stream, config);
    } catch (error) {
      // Servers that refuse to change an existing durable through "add" accept an update.
      const { durable_name: _durable, deliver_policy: _policy, filter_subject: _filter, ...update } = config;
      try {
        await this.jsm.consumers.update(this.options.stream, name, update);
      } catch {
        throw error;
      }
    }
  }

  private watchConnection(): void {
    void (async () => {
      for await (const status of this.nc.status()) {
        if (status.type === 'disconnect') this.logger.warn({ server: status.server }, 'NATS disconnected');
        else if (status.type === 'reconnect') this.logger.info({ server: status.server }, 'NATS reconnected');
      }
    })().catch(() => undefined);
  }
}

interface DeliverySettings {
  durable: string;
  consumerName: string;
  maxDeliver: number;
  backoffMs: readonly number[];
}

/** Removes the streams a test created (both the event and the dead-letter stream). */
export async function deleteJetStreamStreams(servers: string, stream: string): Promise<void> {
  const nc = await connect({ servers: servers.split(',').map((server) => server.trim()) });
  try {
    const jsm = await jetstreamManager(nc);
    for (const name of [stream, `${stream}_DLQ`]) {
      try {
        await jsm.streams.delete(name);
      } catch (error) {
        if (!(error instanceof JetStreamApiError) || error.code !== ERR_STREAM_NOT_FOUND) throw error;
      }
    }
  } finally {
    await nc.close();
  }
}

/** A NATS-legal, stable consumer name per (durable, subject): readable part plus a hash against clashes. */
export function consumerName(durable: string, subject: string): string {
  const hash = createHash('sha256').update(`${durable}\u0000${subject}`).digest('hex').slice(0, 8);
  return `${sanitize(durable)}__${sanitize(subject)}`.slice(0, 200) + `__${hash}`;
}

function sanitize(value: string): string {
  return value.replace(/[^A-Za-z0-9_-]/g, '_');
}

/** User headers only: NATS' own (`Nats-Msg-Id`, …) stay out of the delivery. */
function readHeaders(messageHeaders: MsgHdrs | undefined): Record<string, string> {
  const result: Record<string, string> = {};
  if (!messageHeaders) return result;
  for (const key of messageHeaders.keys()) {
    if (key.toLowerCase().startsWith('nats-')) continue;
    result[key] = messageHeaders.get(key);
  }
  return result;
}

async function waitAtMost(work: Promise<void>, timeoutMs: number | undefined): Promise<void> {
  if (timeoutMs === undefined) return work;
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([work, new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)))]);
  clearTimeout(timer);
}

/** Acks, naks and terms fail when the connection is gone; the server redelivers then, so ignore. */
function settle(action: () => void): void {
  try {
    action();
  } catch {
    // connection closed: nothing to do
  }
}
