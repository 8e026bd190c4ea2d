/** Whose an order is: the caller's when they placed it signed in, or it went to their account's e-mail. */
import type { Caller } from '@platform/contracts';
import { AppError } from '@platform/service-kit/errors';
import type { OrderWithLines } from './orders.repository.js';

export interface Account {
  userId: string;
  email: string;
}

export function accountOf(caller: Caller): Account {
  if (caller.kind !== 'user') throw new AppError('unauthenticated', 'Authentication required');
  return { userId: caller.userId, email: caller.email.toLowerCase() };
}

export function isOwnedBy(order: OrderWithLines, account: Account): boolean {
  return (
    order.placedByUserId === account.userId ||
    (order.accountEmail ?? order.customerEmail).toLowerCase() === account.email
  );
}
