import { describe, expect, it } from '@jest/globals';
import { ROUTE_OWNERS, findRouteOwner } from '../route-owners';

describe('route owners', () => {
  it('sends each spec route to the remote that owns it', () => {
    expect(findRouteOwner('/')).toBe('mfe_public');
    expect(findRouteOwner('/cart')).toBe('mfe_public');
    expect(findRouteOwner('/setup-password')).toBe('mfe_public');
    expect(findRouteOwner('/additional-upload')).toBe('mfe_public');
    expect(findRouteOwner('/dashboard')).toBe('mfe_member');
    expect(findRouteOwner('/member/dashboard')).toBe('mfe_member');
    expect(findRouteOwner('/courses/12')).toBe('mfe_member');
    expect(findRouteOwner('/module/3')).toBe('mfe_member');
    expect(findRouteOwner('/lessons/7')).toBe('mfe_member');
    expect(findRouteOwner('/revenue-admin')).toBe('mfe_admin');
    expect(findRouteOwner('/admin/upload')).toBe('mfe_admin');
    expect(findRouteOwner('/private-admin-panel-support-only')).toBe('mfe_admin');
  });

  it('tolerates a trailing slash and letter case, as the router does', () => {
    expect(findRouteOwner('/cart/')).toBe('mfe_public');
    expect(findRouteOwner('/Pricing')).toBe('mfe_public');
  });

  it('owns nothing else, so those paths are the 404 page', () => {
    expect(findRouteOwner('/no/such/page')).toBeNull();
    expect(findRouteOwner('/courses/12/extra')).toBeNull();
    expect(findRouteOwner('/admin')).toBeNull();
    expect(findRouteOwner('/member')).toBeNull();
  });

  it('lists every client route of both spec documents exactly once', () => {
    const all = Object.values(ROUTE_OWNERS).flat();
    expect(new Set(all).size).toBe(all.length);
    expect(all).toHaveLength(13 + 12 + 4);
  });
});
