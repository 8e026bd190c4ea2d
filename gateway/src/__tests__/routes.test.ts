import { describe, expect, it } from '@jest/globals';
import { ROUTES, resolveService } from '../routes.js';

// Every call the "API calls" tables of docs/behaviour/ list, plus the paths the issues add.
const SPEC_PATHS: Array<[string, string]> = [
  // the public site, accounts and checkout
  ['/api/auth/user', 'auth'],
  ['/api/video-stream/Lesson%201%20-%20Welcome.mp4', 'course'],
  ['/api/demo-video/intro.mp4', 'course'],
  ['/video-stream/attached_assets/lesson-2.mp4', 'course'],
  ['/api/login', 'auth'],
  ['/api/create-checkout-session', 'payment'],
  ['/api/paypal/order', 'payment'],
  ['/api/grant-course-access', 'payment'],
  ['/api/auth/login', 'auth'],
  ['/api/auth/signup', 'auth'],
  ['/api/auth/forgot-password', 'auth'],
  ['/api/auth/setup-password', 'auth'],
  ['/api/logout', 'auth'],
  // the member area, consultations, admin, revenue share and course studio
  ['/api/courses', 'course'],
  ['/api/courses/1/available-modules', 'course'],
  ['/api/courses/1/modules', 'course'],
  ['/api/enrollments', 'course'],
  ['/api/enrollments/dashboard', 'course'],
  ['/api/team', 'course'],
  ['/api/notification-preferences', 'notification'],
  ['/api/unsubscribe/abc', 'notification'],
  ['/api/team/invitations', 'course'],
  ['/api/team/members/0b7c2f1e-0000-4000-8000-000000000000', 'course'],
  ['/api/my-consultations', 'consultation'],
  ['/api/modules/3', 'course'],
  ['/api/modules/3/lessons', 'course'],
  ['/api/lessons/12', 'course'],
  ['/api/uploads', 'course'],
  ['/api/uploads/', 'course'],
  ['/api/uploads/lv-0f1e2d3c4b5a69788796a5b4c3d2e1f0', 'course'],
  ['/api/uploads/lv-0f1e2d3c4b5a69788796a5b4c3d2e1f0/result', 'course'],
  ['/api/uploads/cf-0f1e2d3c4b5a69788796a5b4c3d2e1f0', 'consultation'],
  ['/api/uploads/cf-0f1e2d3c4b5a69788796a5b4c3d2e1f0/result', 'consultation'],
  ['/api/modules/3/complete', 'course'],
  ['/api/lessons/12/complete', 'course'],
  ['/api/lessons/12/video', 'course'],
  ['/api/upload-video', 'course'],
  ['/api/consultation', 'consultation'],
  ['/api/consultation/5b0c6f1e-7a53-4c21-9d1e-1f7f4c2b9a10/upload', 'consultation'],
  ['/api/consultation/5b0c6f1e-7a53-4c21-9d1e-1f7f4c2b9a10/complete', 'consultation'],
  ['/api/consultations', 'consultation'],
  ['/api/consultations/5b0c6f1e-7a53-4c21-9d1e-1f7f4c2b9a10/respond', 'consultation'],
  ['/api/consultations-by-email', 'consultation'],
  ['/api/consultation/5b0c6f1e-7a53-4c21-9d1e-1f7f4c2b9a10/additional-files', 'consultation'],
  ['/api/revenue-report', 'revenue'],
  ['/api/revenue-share-consent', 'revenue'],
  ['/api/revenue-share-checkout', 'payment'],
  ['/api/revenue-share-checkout/return', 'payment'],
  ['/api/admin/revenue-stats', 'revenue'],
  ['/api/admin/revenue-customers', 'revenue'],
  ['/api/admin/revenue-reports', 'revenue'],
  ['/api/admin/revenue-reports.csv', 'revenue'],
  ['/api/admin/revenue-customers.csv', 'revenue'],
  ['/api/admin/verify-report/7', 'revenue'],
  ['/api/admin/mark-paid/7', 'revenue'],
  ['/api/admin/send-reminder', 'revenue'],
  // added by the issues and docs/decisions.md
  ['/api/callback', 'auth'],
  ['/api/auth/reset-password', 'auth'],
  ['/api/products', 'course'],
  ['/api/products/2', 'course'],
  ['/api/progress', 'course'],
  ['/api/course-progress', 'course'],
  ['/api/course/1/outline', 'course'],
  ['/api/contact', 'consultation'],
  ['/api/webhooks/stripe', 'payment'],
  ['/api/webhooks/paypal', 'payment'],
  ['/api/paypal/capture/ABC123', 'payment'],
  ['/api/checkout', 'payment'],
  ['/api/checkout/session/cs_test_1', 'payment'],
  ['/api/orders', 'payment'],
  ['/api/orders/9f2d', 'payment'],
  ['/api/payment-status', 'payment'],
  ['/api/payments/membership', 'payment'],
  ['/api/test-checkout/9f2d/complete', 'payment'],
  ['/api/admin/orders', 'payment'],
  ['/api/admin/orders/9f2d', 'payment'],
  ['/api/admin/refund/9f2d', 'payment'],
  ['/api/revenue/plans', 'revenue'],
  ['/api/revenue-reports', 'revenue'],
  ['/api/admin/mail', 'notification'],
  ['/api/admin/mail/deliveries/3', 'notification'],
  ['/api/admin/consultations/abc/messages', 'consultation'],
  ['/api/admin/customers', 'auth'],
  ['/api/admin/customers/0b7f7a1e-0000-4000-8000-000000000001', 'auth'],
  ['/api/admin/customers/0b7f7a1e-0000-4000-8000-000000000001/set-password-link', 'auth'],
  ['/api/admin/customers/learning', 'course'],
  ['/api/admin/customers/learning/0b7f7a1e-0000-4000-8000-000000000001/grant', 'course'],
];

describe('the route table', () => {
  it.each(SPEC_PATHS)('sends %s to the %s service', (path, service) => {
    expect(resolveService(path)).toBe(service);
  });

  describe('resumable uploads (one path, several services)', () => {
    const metadata = (values: Record<string, string>) => ({
      'upload-metadata': Object.entries(values)
        .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
        .join(','),
    });

    it.each([
      ['lesson-video', 'course'],
      ['consultation', 'consultation'],
    ])('sends the creation of a %s upload to the %s service', (purpose, service) => {
      const headers = metadata({ filename: 'walkthrough.mp4', purpose, submissionId: 'abc' });
      expect(resolveService('/api/uploads', headers)).toBe(service);
      expect(resolveService('/api/uploads/', headers)).toBe(service);
    });

    it.each([
      ['no metadata', {}],
      ['no purpose', metadata({ filename: 'a.mp4' })],
      ['an unknown purpose', metadata({ purpose: 'avatars' })],
      ['malformed metadata', { 'upload-metadata': 'purpose not*base64' }],
    ])('leaves a creation with %s to the course service, which refuses it', (_what, headers) => {
      expect(resolveService('/api/uploads', headers)).toBe('course');
    });

    it('sends later requests by the upload id’s prefix, whatever the metadata says', () => {
      const consultation = metadata({ purpose: 'consultation' });
      expect(resolveService('/api/uploads/lv-0f1e2d3c4b5a69788796a5b4c3d2e1f0', consultation)).toBe('course');
      expect(resolveService('/api/uploads/cf-0f1e2d3c4b5a69788796a5b4c3d2e1f0')).toBe('consultation');
      expect(resolveService('/api/uploads/xx-0f1e2d3c4b5a69788796a5b4c3d2e1f0')).toBe('course');
      expect(resolveService('/api/uploads/cf-zz')).toBe('course');
    });
  });

  it('ignores one trailing slash on an exact path', () => {
    expect(resolveService('/api/contact/')).toBe('consultation');
    expect(resolveService('/api/login/')).toBe('auth');
  });

  it.each([
    '/api',
    '/api/',
    '/api/unknown',
    '/api/loginx',
    '/api/contact-us',
    '/api/admin/users',
    '/api/admin',
    '/api/internal/session',
    '/internal/session',
    '/video-stream',
    '/API/courses',
    '/dashboard',
    '/',
    '/mfe/public/mf-manifest.json',
  ])('owns nothing for %s', (path) => {
    expect(resolveService(path)).toBeNull();
  });

  it('reaches every entry of the table (no entry is shadowed by another service)', () => {
    for (const route of ROUTES) {
      const sample = route.pattern.endsWith('/*')
        ? `${route.pattern.slice(0, -1)}x`
        : route.pattern.replace(/\*$/, '');
      expect([route.pattern, resolveService(sample)]).toEqual([route.pattern, route.service]);
    }
  });
});
