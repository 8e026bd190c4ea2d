/**
 * The words of `/terms` (docs/behaviour/checkout-and-payments.md#terms-page): the terms of each programme
 * the pricing page's checkboxes agree to. The Revenue Share Terms come whole from the contracts, the same
 * text the owner agrees to on `/revenue-share-welcome`.
 */
import type { TermsClause } from '@platform/contracts';
import { TERMS_ANCHORS } from '../../../lib/terms-anchors';

export const TERMS_PAGE = {
  title: 'Terms and Conditions',
  intro:
    'What you agree to when you choose a program on the pricing page. Questions? Write to us from the contact page before you buy.',
} as const;

const ONE_TIME_PURCHASE: readonly TermsClause[] = [
  {
    title: 'What you get',
    text: 'Lifetime access to the complete video course (8 sections, released one per day from your purchase) and its checklists, scripts and templates.',
  },
  {
    title: 'One per person',
    text: 'The program is bought once per person: an account or e-mail address that already has it cannot buy it again, and a second payment that arrives anyway is refunded automatically.',
  },
  {
    title: '30-day money-back guarantee',
    text: 'Within 30 days of your payment, ask support for your money back and it is refunded in full through the provider that took it; your access to the course ends with the refund.',
  },
  {
    title: 'Payment',
    text: 'Prices are in US dollars and charged by Stripe or PayPal; we never see or keep your card details. You receive a receipt by e-mail.',
  },
];

export const PROGRAMME_TERMS: ReadonlyArray<{
  anchor: string;
  title: string;
  summary: string;
  clauses: readonly TermsClause[];
}> = [
  {
    anchor: TERMS_ANCHORS.self_implementation,
    title: 'Self-Implementation Program',
    summary: '$1,597, paid once.',
    clauses: ONE_TIME_PURCHASE,
  },
  {
    anchor: TERMS_ANCHORS.flexible_payments,
    title: 'Flexible Payments',
    summary:
      '$1,597 in three monthly payments ($532.33, $532.33 and $532.34), the first at checkout by card while signed in, the others charged automatically to that card on their due dates; a declined payment is retried 3 and 7 days later, and 7 days after its due date the course pauses until it is paid. You can pay the rest early at any time.',
    clauses: ONE_TIME_PURCHASE,
  },
];
