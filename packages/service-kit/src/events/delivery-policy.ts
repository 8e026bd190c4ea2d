/** What both buses share about delivering: the give-up error, the defaults, the backoff lookup. */
import type { SubscribeOptions } from './types.js';

/**
 * Thrown by a handler for an event that can never succeed (e.g. its data fails the contract schema):
 * both buses dead-letter it at once instead of retrying it `maxDeliver` times.
 */
export class UnprocessableEventError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'UnprocessableEventError';
  }
}

export function isUnprocessableEventError(error: unknown): error is UnprocessableEventError {
  return error instanceof UnprocessableEventError;
}

export function describeError(error: unknown): string {
  return error instanceof Error ? error.message || error.name : String(error);
}

/** Delay before redelivery number `deliveryCount + 1`; the last value repeats. */
export function backoffFor(backoffMs: readonly number[], deliveryCount: number): number {
  if (backoffMs.length === 0) return 0;
  return backoffMs[Math.min(Math.max(deliveryCount - 1, 0), backoffMs.length - 1)] ?? 0;
}

export const DEFAULT_MAX_DELIVER = 5;
export const DEFAULT_ACK_WAIT_MS = 30_000;
export const DEFAULT_BACKOFF_MS: readonly number[] = [1_000, 5_000, 15_000, 30_000];
export const DEFAULT_DUPLICATE_WINDOW_MS = 120_000;

/** How a durable consumer delivers: a subscription's own limits, the defaults for those it left out. */
export interface DeliveryLimits {
  maxDeliver: number;
  ackWaitMs: number;
  backoffMs: readonly number[];
}

/** The limits a subscription asked for, completed with the defaults (the same on both buses). */
export function deliveryLimits(options: SubscribeOptions): DeliveryLimits {
  return {
    maxDeliver: options.maxDeliver ?? DEFAULT_MAX_DELIVER,
    ackWaitMs: options.ackWaitMs ?? DEFAULT_ACK_WAIT_MS,
    backoffMs: options.backoffMs ?? DEFAULT_BACKOFF_MS,
  };
}

/** NATS-style subject match: `*` matches one token, a final `>` one or more. */
export function subjectMatches(filter: string, subject: string): boolean {
  if (filter === subject) return true;
  const filterTokens = filter.split('.');
  const subjectTokens = subject.split('.');
  for (let i = 0; i < filterTokens.length; i++) {
    const token = filterTokens[i];
    if (token === '>') return i === filterTokens.length - 1 && subjectTokens.length > i;
    if (i >= subjectTokens.length) return false;
    if (token !== '*' && token !== subjectTokens[i]) return false;
  }
  return filterTokens.length === subjectTokens.length;
}
