/** Where each programme's terms start on `/terms`: the pricing cards link there, the terms page is built on them. */
export const TERMS_ANCHORS = {
  self_implementation: 'self-implementation',
  flexible_payments: 'flexible-payments',
  revenue_share: 'revenue-share',
} as const;
