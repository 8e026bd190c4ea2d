import { describe, expect, it } from '@jest/globals';
import { findRouteOwner } from '../find-route-owner';
import type { RoutedRemote } from '../find-route-owner';

// As /remotes.json lists them: each remote with the routes its build publishes.
const REMOTES: RoutedRemote[] = [
  { name: 'mfe_public', routes: ['/', '/cart', '/pricing', '/setup-password'] },
  { name: 'mfe_member', routes: ['/dashboard', '/member/dashboard', '/courses/:id', '/lessons/:lessonId'] },
  { name: 'mfe_admin', routes: ['/private-admin-panel-support-only', '/admin/upload'] },
];

const ownerOf = (pathname: string, remotes = REMOTES) => findRouteOwner(remotes, pathname);

describe('route owners', () => {
  it('sends each published route to the remote that publishes it', () => {
    expect(ownerOf('/')).toEqual({ kind: 'owned', remoteName: 'mfe_public' });
    expect(ownerOf('/setup-password')).toEqual({ kind: 'owned', remoteName: 'mfe_public' });
    expect(ownerOf('/member/dashboard')).toEqual({ kind: 'owned', remoteName: 'mfe_member' });
    expect(ownerOf('/courses/12')).toEqual({ kind: 'owned', remoteName: 'mfe_member' });
    expect(ownerOf('/lessons/7')).toEqual({ kind: 'owned', remoteName: 'mfe_member' });
    expect(ownerOf('/admin/upload')).toEqual({ kind: 'owned', remoteName: 'mfe_admin' });
  });

  it('tolerates a trailing slash and letter case, as the router does', () => {
    expect(ownerOf('/cart/')).toEqual({ kind: 'owned', remoteName: 'mfe_public' });
    expect(ownerOf('/Pricing')).toEqual({ kind: 'owned', remoteName: 'mfe_public' });
  });

  it('owns nothing else, so those paths are the 404 page', () => {
    for (const pathname of ['/no/such/page', '/courses/12/extra', '/courses', '/admin', '/member']) {
      expect({ pathname, owner: ownerOf(pathname) }).toEqual({ pathname, owner: { kind: 'none' } });
    }
  });

  it('knows a route a remote adds as soon as the list names it', () => {
    expect(ownerOf('/admin/reports')).toEqual({ kind: 'none' });
    const redeployed = REMOTES.map((remote) =>
      remote.name === 'mfe_admin'
        ? { ...remote, routes: [...(remote.routes ?? []), '/admin/reports'] }
        : remote,
    );
    expect(ownerOf('/admin/reports', redeployed)).toEqual({ kind: 'owned', remoteName: 'mfe_admin' });
  });

  it('cannot call a path a 404 while a remote has no known routes', () => {
    const withoutAdmin = REMOTES.map((remote) =>
      remote.name === 'mfe_admin' ? { ...remote, routes: null } : remote,
    );
    expect(ownerOf('/admin/upload', withoutAdmin)).toEqual({ kind: 'unknown' });
    expect(ownerOf('/cart', withoutAdmin)).toEqual({ kind: 'owned', remoteName: 'mfe_public' });
  });
});
