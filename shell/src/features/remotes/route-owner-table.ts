/*
 * Which remote owns which client route: every path of both spec documents (public-site §2.1,
 * member-and-admin §2), split as ARCHITECTURE.md assigns them. Data only (no imports): the shell's build
 * also writes it to dist/route-owners.json, from which the gateway preloads the owning remote's files
 * with the page (gateway/src/front-end/preload-links.ts). A remote's `./routes` must declare the same
 * patterns (react-router syntax: static segments and `:param`).
 */
export type RemoteName = 'mfe_public' | 'mfe_member' | 'mfe_admin';

export const ROUTE_OWNERS: Readonly<Record<RemoteName, readonly string[]>> = {
  mfe_public: [
    '/',
    '/old-landing',
    '/services',
    '/cart',
    '/checkout',
    '/checkout-success',
    '/login',
    '/signup',
    '/setup-password',
    '/pricing',
    '/contact',
    '/consultation',
    '/additional-upload',
  ],
  mfe_member: [
    '/dashboard',
    '/old-dashboard',
    '/member/dashboard',
    '/courses',
    '/courses/:id',
    '/modules/:moduleId',
    '/module/:moduleId',
    '/lessons/:lessonId',
    '/membership',
    '/my-consultations',
    '/revenue-share-welcome',
    '/revenue-report',
  ],
  mfe_admin: ['/private-admin-panel-support-only', '/revenue-admin', '/admin/courses', '/admin/upload'],
};
