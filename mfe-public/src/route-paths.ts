/*
 * The client routes this remote serves, declared once: `./routes` (routes.tsx) gives each a page, and the
 * build publishes the paths as dist/routes.json, from which the gateway (its 404s and preload hints) and
 * the shell (through /remotes.json) learn them. Data only, no imports: the build reads this file alone.
 * Patterns are static segments and `:params`.
 */
export const ROUTE_PATHS = {
  home: '/',
  oldLanding: '/old-landing',
  services: '/services',
  cart: '/cart',
  // `/checkout?course=1` is the course purchase (the course alone, whatever the cart holds).
  checkout: '/checkout',
  checkoutSuccess: '/checkout-success',
  login: '/login',
  signup: '/signup',
  setupPassword: '/setup-password',
  pricing: '/pricing',
  terms: '/terms',
  contact: '/contact',
  consultation: '/consultation',
  additionalUpload: '/additional-upload',
} as const;

export type RouteName = keyof typeof ROUTE_PATHS;
