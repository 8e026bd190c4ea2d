import type { Caller } from '@platform/contracts';
import type { BackingFactory } from '@platform/service-kit/testing';
import type { CourseUnderTest } from '../../__tests__/harness.js';
import { json, user, useSeededCourse } from '../../learning/__tests__/fixtures.js';

/** What a call answered: its status, its body as JSON (null when empty) and its headers. */
export interface CallAnswer {
  status: number;
  body: unknown;
  headers: Headers;
}

/**
 * Calls `path` with `method` as `caller`, the way the studio and the member pages do: `body` is sent as JSON
 * (a string as it is, to send what is not JSON).
 */
export async function callAs(
  course: CourseUnderTest,
  caller: Caller,
  method: string,
  path: string,
  body?: unknown,
): Promise<CallAnswer> {
  const response = await course.requestAs(caller, path, {
    method,
    ...(body !== undefined && {
      headers: { 'Content-Type': 'application/json' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    }),
  });
  return { status: response.status, body: await json(response), headers: response.headers };
}

/** A studio suite: the seeded course (`useSeededCourse`), its admin, and `call` as any caller. */
export function useStudioSuite(factory: BackingFactory, options: { at: Date }) {
  const seeded = useSeededCourse(factory, options);
  const call = (caller: Caller, method: string, path: string, body?: unknown) =>
    callAs(seeded.course, caller, method, path, body);
  return { ...seeded, admin: user('admin'), call };
}
