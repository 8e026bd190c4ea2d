/** How Orders & billing words an order: its status, the guarantee, and the lines' amounts. */
import type { MyOrder } from '@platform/contracts';

export const ORDERS_COPY = {
  title: 'Orders & billing',
  description:
    'Your purchases and what you paid for them. Within 30 days of a purchase you can ask for your money back here.',
  empty: 'No orders yet',
  emptyHint: 'When you buy the course, a programme or a consultation, it appears here.',
  failed: 'Your orders could not be loaded',
  refundTitle: 'Ask for a refund',
  refundLabel: 'Why do you want a refund?',
  refundHint: 'A few words help us improve. The refund goes back to the card or account you paid with.',
  refunded: 'Refund on its way',
  refundFailed: 'The refund could not be made. Please try again or contact support.',
} as const;

export type GuaranteeState =
  { kind: 'refundable'; until: Date } | { kind: 'ended'; endedOn: Date } | { kind: 'none' };

/** Whether the buyer may still ask for a refund at `now`, and until when. */
export function guaranteeOf(order: Pick<MyOrder, 'status' | 'refundableUntil'>, now: Date): GuaranteeState {
  if (order.status !== 'fulfilled' || !order.refundableUntil) return { kind: 'none' };
  const until = new Date(order.refundableUntil);
  return until.getTime() >= now.getTime() ? { kind: 'refundable', until } : { kind: 'ended', endedOn: until };
}

export const STATUS_LABELS: Record<
  MyOrder['status'],
  { label: string; variant: 'success' | 'secondary' | 'outline' }
> = {
  fulfilled: { label: 'Paid', variant: 'success' },
  paid: { label: 'Being refunded', variant: 'secondary' },
  refunded: { label: 'Refunded', variant: 'outline' },
  pending: { label: 'Awaiting payment', variant: 'secondary' },
  failed: { label: 'Failed', variant: 'outline' },
};

/** The lines before the discount, in cents. */
export function subtotalOf(order: Pick<MyOrder, 'lines'>): number {
  return order.lines.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0);
}
