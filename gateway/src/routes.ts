/**
 * The one route table: which service owns which public path. First match wins; the path is forwarded
 * unchanged. A pattern ending in `*` matches every path that starts with what precedes the star;
 * any other pattern matches that exact path (a single trailing slash is ignored).
 */
import type { IncomingHttpHeaders } from 'node:http';
import {
  RESUMABLE_UPLOADS_PATH,
  UPLOAD_PURPOSES,
  parseUploadMetadata,
  uploadPurposeOfId,
  type UploadPurpose,
} from '@platform/contracts';
import type { ServiceName } from '@platform/contracts/services';

export type { ServiceName };

export interface Route {
  pattern: string;
  service: ServiceName;
}

const route = (service: ServiceName, ...patterns: string[]): Route[] =>
  patterns.map((pattern) => ({ pattern, service }));

export const ROUTES: readonly Route[] = [
  // Admin paths first: their owners differ by what follows /api/admin/.
  ...route('payment', '/api/admin/orders*', '/api/admin/refund*', '/api/admin/coupons*'),
  ...route(
    'revenue',
    '/api/admin/revenue-*',
    '/api/admin/verify-report/*',
    '/api/admin/mark-paid/*',
    '/api/admin/send-reminder',
  ),
  ...route('notification', '/api/admin/mail*'),
  ...route('notification', '/api/notification-preferences', '/api/unsubscribe/*'),
  ...route('course', '/api/admin/questions*', '/api/admin/learners*', '/api/admin/customers/learning*'),
  // The admin's customers (docs/decisions.md, 100): the accounts are auth's; their learning is the course's.
  ...route('auth', '/api/admin/customers', '/api/admin/customers/*'),
  ...route('consultation', '/api/admin/consultations/*'),

  // Sign-in: sessions, accounts, passwords and the OpenID Connect round trip.
  ...route(
    'auth',
    '/api/auth/*',
    '/api/login',
    '/api/logout',
    '/api/callback',
    '/api/account',
    '/api/admin/users/*',
  ),

  // Catalogue, enrolments, progress and media (note the one path outside /api).
  ...route(
    'course',
    '/api/courses*',
    '/api/course*',
    '/api/modules*',
    '/api/lessons*',
    '/api/enrollments*',
    '/api/certificates*',
    '/api/team',
    '/api/team/*',
    '/api/progress*',
    '/api/products*',
    '/api/video-stream/*',
    '/api/demo-video/*',
    '/api/upload-video',
    // Resumable uploads (tus), streamed through like every body (docs/decisions.md, 29): the course
    // service takes what UPLOAD_SERVICES does not send elsewhere (and answers its 400 or 404).
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
    '/api/saved-card*',
    '/api/test-card-setup/*',
  ),

  // Revenue-share programme.
  ...route('revenue', '/api/revenue-report*', '/api/revenue-share-consent', '/api/revenue*'),
];

/**
 * Resumable uploads share one path across services: a creation (`POST /api/uploads`) goes to the service
 * of the purpose its `Upload-Metadata` names, every later request (`/api/uploads/{id}…`) to the service
 * whose prefix the upload id carries (contracts UPLOAD_ID_PREFIXES).
 */
export const UPLOAD_SERVICES: Record<UploadPurpose, ServiceName> = {
  'lesson-video': 'course',
  consultation: 'consultation',
};

function isUploadPurpose(value: string | undefined): value is UploadPurpose {
  return (UPLOAD_PURPOSES as readonly (string | undefined)[]).includes(value);
}

/** The service a resumable-upload request belongs to by its purpose or id; null when neither says. */
function resolveUploadService(path: string, headers: IncomingHttpHeaders): ServiceName | null {
  if (path === RESUMABLE_UPLOADS_PATH || path === `${RESUMABLE_UPLOADS_PATH}/`) {
    const header = headers['upload-metadata'];
    const purpose = parseUploadMetadata(typeof header === 'string' ? header : undefined)?.purpose;
    return isUploadPurpose(purpose) ? UPLOAD_SERVICES[purpose] : null;
  }
  if (!path.startsWith(`${RESUMABLE_UPLOADS_PATH}/`)) return null;
  const id = path.slice(RESUMABLE_UPLOADS_PATH.length + 1).split('/')[0] ?? '';
  const purpose = uploadPurposeOfId(id);
  return purpose ? UPLOAD_SERVICES[purpose] : null;
}

type Matcher = (path: string) => boolean;

function compile(pattern: string): Matcher {
  if (pattern.endsWith('*')) {
    const prefix = pattern.slice(0, -1);
    return (path) => path.startsWith(prefix);
  }
  return (path) => path === pattern;
}

const compiled = ROUTES.map((entry) => ({ matches: compile(entry.pattern), service: entry.service }));
// Every route's first path segment ("/api/", "/video-stream/"): a path under none of them (a page, a built
// file) is owned by no service, which is known without trying each route.
const FIRST_SEGMENTS = [
  ...new Set([...ROUTES.map((entry) => entry.pattern), RESUMABLE_UPLOADS_PATH].map(firstSegment)),
];

function firstSegment(pattern: string): string {
  const prefix = pattern.endsWith('*') ? pattern.slice(0, -1) : pattern;
  const slash = prefix.indexOf('/', 1);
  return slash === -1 ? prefix : prefix.slice(0, slash + 1);
}

/**
 * The service that owns `path` (a path without query string), or `null` when none does. A resumable
 * upload's creation is routed by its `Upload-Metadata` header, so pass the request's headers.
 */
export function resolveService(path: string, headers: IncomingHttpHeaders = {}): ServiceName | null {
  if (!FIRST_SEGMENTS.some((segment) => path.startsWith(segment))) return null;
  const upload = resolveUploadService(path, headers);
  if (upload) return upload;
  const normalized = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  for (const entry of compiled) {
    if (entry.matches(normalized) || entry.matches(path)) return entry.service;
  }
  return null;
}

/** Whether `path` lies under a service's first segment (`/api/`, `/video-stream/`, …), owned or not. */
export function isServicePath(path: string): boolean {
  return isApiPath(path) || FIRST_SEGMENTS.some((segment) => path.startsWith(segment));
}

/** Paths the gateway answers for the services: anything else under these is a JSON 404. */
export function isApiPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/');
}
