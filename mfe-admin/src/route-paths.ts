/*
 * The client routes this remote serves, declared once: `./routes` (routes.tsx) gives each a page, and the
 * build publishes the paths as dist/routes.json, from which the gateway (its 404s and preload hints) and
 * the shell (through /remotes.json) learn them. Data only, no imports: the build reads this file alone.
 * Patterns are static segments and `:params`.
 */
export const ROUTE_PATHS = {
  adminHome: '/admin',
  mailLog: '/admin/mail',
  consultations: '/private-admin-panel-support-only',
  revenueAdmin: '/revenue-admin',
  courseEditor: '/admin/courses',
  videoUpload: '/admin/upload',
  coupons: '/admin/coupons',
  questions: '/admin/questions',
  learners: '/admin/learners',
  customers: '/admin/customers',
  customer: '/admin/customers/:id',
} as const;

export type RouteName = keyof typeof ROUTE_PATHS;
