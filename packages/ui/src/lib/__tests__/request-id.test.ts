/** newRequestId: a UUID the contracts accept, fresh each time, on secure pages and on plain http alike. */
import { afterEach, describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import { newRequestId } from '../request-id';

const uuid = z.uuid();

describe('newRequestId', () => {
  const secure = Object.getOwnPropertyDescriptor(globalThis, 'isSecureContext');
  afterEach(() => {
    if (secure) Object.defineProperty(globalThis, 'isSecureContext', secure);
    else delete (globalThis as { isSecureContext?: boolean }).isSecureContext;
  });

  it.each([
    ['a secure page', true],
    ['a plain http page (no crypto.randomUUID there)', false],
  ])('makes distinct version-4 UUIDs on %s', (_page, isSecure) => {
    Object.defineProperty(globalThis, 'isSecureContext', { value: isSecure, configurable: true });
    const ids = Array.from({ length: 200 }, () => newRequestId());
    for (const id of ids) {
      expect(uuid.safeParse(id).success).toBe(true);
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    }
    expect(new Set(ids).size).toBe(ids.length);
  });
});
