/**
 * The one route table: which service owns which public path. First match wins; the path is forwarded
 * unchanged. A pattern ending in `*` matches every path that starts with what precedes the star;
 * any other pattern matches that exact path (a single trailing slash is ignored).
 */
import type { ServiceName } from '@platform/service-kit';

export type { ServiceName };

export interface Route {
  pattern: string;
  service: ServiceName;
}

const route = (service: ServiceName, ...patterns: string[]): Route[] =>
  patterns.map((pattern) => ({ pattern, service }));

export const ROUTES: readonly Route[] = [
  // Admin paths first: their owners differ by what follows /api/admin/.
  ...route('payment', '/api/admin/orders*', '/api/admin/refund*'),
  ...route(
    'revenue',
    '/api/admin/revenue-*',
    '/api/admin/verify-report/*',
    '/api/admin/mark-paid/*',
    '/api/admin/send-reminder',
  ),
  ...route('notification', '/api/admin/mail*'),

  // Sign-in: sessions, accounts, passwords and the OpenID Connect round trip.
  ...route('auth', '/api/auth/*', '/api/login', '/api/logout', '/api/callback'),

  // Catalogue, enrolments, progress and media (note the one path outside /api).
  ...route(
    'course',
    '/api/courses*',
    '/api/course*',
    '/api/modules*',
    '/api/lessons*',
    '/api/enrollments*',
    '/api/progress*',
    '/api/products*',
    '/api/video-stream/*',
    '/api/demo-video/*',
    '/api/upload-video',
    // Resumable lesson-video uploads (tus), streamed through like every body (docs/decisions.md, 29).
    '/api/uploads',
    '/api/uploads/*',
    '/video-stream/*',
  ),

  // Consultation requests, their files, admin review, and the contact form.
  ...route(
    'consultation',
    '/api/consultations-by-email',
    '/api/my-consultations',
    '/api/consultations*',
    '/api/consultation*',
    '/api/contact',
  ),

  // Checkout, providers, orders and fulfilment.
  ...route(
    'payment',
    '/api/create-checkout-session',
    '/api/paypal/*',
    '/api/grant-course-access',
    '/api/webhooks/*',
    '/api/checkout*',
    '/api/orders*',
    '/api/payment*',
    '/api/test-checkout/*',
    // Paying a revenue share online (docs/decisions.md, 28), before the revenue service's `/api/revenue*`.
    '/api/revenue-share-checkout*',
  ),

  // Revenue-share programme.
  ...route('revenue', '/api/revenue-report*', '/api/revenue-share-consent', '/api/revenue*'),
];

type Matcher = (path: string) => boolean;

function compile(pattern: string): Matcher {
  if (pattern.endsWith('*')) {
    const prefix = pattern.slice(0, -1);
    return (path) => path.startsWith(prefix);
  }
  return (path) => path === pattern;
}

const compiled = ROUTES.map((entry) => ({ matches: compile(entry.pattern), service: entry.service }));

/** The service that owns `path` (a path without query string), or `null` when none does. */
export function resolveService(path: string): ServiceName | null {
  const normalized = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  for (const entry of compiled) {
    if (entry.matches(normalized) || entry.matches(path)) return entry.service;
  }
  return null;
}

/** Paths the gateway answers for the services: anything else under these is a JSON 404. */
export function isApiPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/');
}
