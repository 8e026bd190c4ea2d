import { describe, expect, it } from '@jest/globals';
import { ApiError } from '@platform/ui';
import { classifyListFailure, getAdminAccess, getAdminRefusal } from '../lib/admin-access';

describe('admin pages: access', () => {
  it('lets only the admin in: signed-out visitors and other users are turned away', () => {
    expect(getAdminAccess(null, true)).toBe('checking');
    expect(getAdminAccess(null, false)).toBe('signed-out');
    expect(getAdminAccess(null, false, true)).toBe('signed-out-here');
    expect(getAdminAccess(null, true, true)).toBe('checking');
    expect(getAdminAccess({ role: 'admin' }, false, true)).toBe('allowed');
    expect(getAdminAccess({ role: 'user' }, false)).toBe('denied');
    expect(getAdminAccess({}, false)).toBe('denied');
    expect(getAdminAccess({ role: 'admin' }, false)).toBe('allowed');
  });

  it("turns a read's 401 into Unauthorized, 403 into Access Denied and anything else into a failure", () => {
    expect(classifyListFailure(new ApiError(401, '{"message":"Unauthorized"}'))).toBe('unauthorized');
    expect(classifyListFailure(new ApiError(401, '', 'Unauthorized'))).toBe('unauthorized');
    expect(classifyListFailure(new ApiError(403, 'Forbidden'))).toBe('denied');
    expect(classifyListFailure(new ApiError(500, 'Internal Server Error'))).toBe('failed');
    expect(classifyListFailure(new TypeError('Failed to fetch'))).toBe('failed');
  });

  it('turns the reader away when signed out, not the admin, or refused by any of the reads', () => {
    expect(getAdminRefusal('checking', [])).toBeNull();
    expect(getAdminRefusal('allowed', [null, undefined])).toBeNull();
    expect(getAdminRefusal('signed-out', [])).toBe('unauthorized');
    // The admin signed out on the page: the logout goes home, with no 'Unauthorized' on the way.
    expect(getAdminRefusal('signed-out-here', [new ApiError(401, '')])).toBeNull();
    expect(getAdminRefusal('denied', [])).toBe('denied');
    // The session ended while the page was open: the admin's reads are answered 401 / 403.
    expect(getAdminRefusal('allowed', [null, new ApiError(401, '')])).toBe('unauthorized');
    expect(getAdminRefusal('allowed', [new ApiError(403, ''), null])).toBe('denied');
    expect(getAdminRefusal('allowed', [new ApiError(403, ''), new ApiError(401, '')])).toBe('unauthorized');
    // Other failures are the page's to show, with a retry.
    expect(getAdminRefusal('allowed', [new ApiError(500, ''), new TypeError('Failed to fetch')])).toBeNull();
  });
});
