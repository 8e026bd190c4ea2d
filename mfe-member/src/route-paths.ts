/*
 * The client routes this remote serves, declared once: `./routes` (routes.tsx) gives each a page, and the
 * build publishes the paths as dist/routes.json, from which the gateway (its 404s and preload hints) and
 * the shell (through /remotes.json) learn them. Data only, no imports: the build reads this file alone.
 * Patterns are static segments and `:params`.
 */
export const ROUTE_PATHS = {
  dashboard: '/dashboard',
  oldDashboard: '/old-dashboard',
  memberDashboard: '/member/dashboard',
  courses: '/courses',
  course: '/courses/:id',
  moduleLessons: '/modules/:moduleId',
  section: '/module/:moduleId',
  lesson: '/lessons/:lessonId',
  membership: '/membership',
  myConsultations: '/my-consultations',
  revenueShareWelcome: '/revenue-share-welcome',
  revenueReport: '/revenue-report',
  orders: '/orders',
  team: '/team',
  notificationPreferences: '/account/notifications',
  // Public: an e-mail's unsubscribe link (the token is the proof).
  unsubscribe: '/unsubscribe/:token',
  account: '/account',
  confirmEmail: '/account/confirm-email',
  // Public: anyone holding a certificate's address may check it.
  certificate: '/certificates/:id',
} as const;

export type RouteName = keyof typeof ROUTE_PATHS;
