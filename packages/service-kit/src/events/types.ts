/** The event bus contract every adapter (in-process, NATS JetStream) implements. */
import type { EventEnvelope } from '@platform/contracts';

export type { EventEnvelope };

export interface PublishOptions {
  /** Extra headers carried with the message (request id, causation id). */
  headers?: Record<string, string>;
}

export interface Delivery {
  event: EventEnvelope;
  headers: Record<string, string>;
  /** 1 on the first delivery, 2 on the first redelivery, and so on. */
  deliveryCount: number;
}

export interface SubscribeOptions {
  /** The event type to receive, e.g. `payment.order.paid`. */
  subject: string;
  /** Durable consumer name; the same name resumes where a previous consumer left off. */
  durable: string;
  /** How many times a message is delivered before it goes to the dead-letter subject. Default 5. */
  maxDeliver?: number;
  /** How long a delivery may stay unacknowledged before it is redelivered. Default 30 s. */
  ackWaitMs?: number;
  /** Delay before each redelivery after a failed handler. Default [1000, 5000, 15000, 30000]. */
  backoffMs?: number[];
}

/**
 * A handler that resolves acknowledges the message; one that throws gets it redelivered
 * (after the backoff), and after `maxDeliver` attempts the message goes to the dead-letter subject.
 */
export type DeliveryHandler = (delivery: Delivery) => Promise<void>;

export interface Subscription {
  /** Stops taking new messages, waits for in-flight handlers, leaves unacked messages for redelivery. */
  stop(): Promise<void>;
}

export interface DeadLetter {
  event: EventEnvelope;
  durable: string;
  deliveryCount: number;
  error: string;
}

export interface EventBus {
  readonly kind: 'in-process' | 'jetstream';
  /** Resolves once the bus has durably accepted the event; duplicates (same event id) are dropped. */
  publish(event: EventEnvelope, options?: PublishOptions): Promise<void>;
  subscribe(options: SubscribeOptions, handler: DeliveryHandler): Promise<Subscription>;
  /** Receives what went to the dead-letter subject (for operators and tests). */
  subscribeDeadLetters(handler: (letter: DeadLetter) => Promise<void>): Promise<Subscription>;
  /** Throws when the bus cannot be reached (readiness). */
  ping(): Promise<void>;
  close(): Promise<void>;
}
