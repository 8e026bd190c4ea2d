/**
 * Shape checks for the answers the public pages' first view reads (`/api/course-preview`,
 * `/api/products`) without zod, which would add ~37 KB (gzip) and a long task to that view
 * (docs/decisions.md, 55). Each reader checks the field types its contract schema in packages/contracts
 * describes; every other read and every form still parse with the schemas themselves.
 */
export type Check = (value: unknown) => boolean;

export const isString: Check = (value) => typeof value === 'string';
export const isNumber: Check = (value) => typeof value === 'number' && Number.isFinite(value);
export const isBoolean: Check = (value) => typeof value === 'boolean';

export const orNull =
  (check: Check): Check =>
  (value) =>
    value === null || check(value);

export const isOneOf =
  (...allowed: readonly string[]): Check =>
  (value) =>
    typeof value === 'string' && allowed.includes(value);

export const isArrayOf =
  (check: Check): Check =>
  (value) =>
    Array.isArray(value) && value.every(check);

export const isObjectWith =
  (fields: Record<string, Check>): Check =>
  (value) =>
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.entries(fields).every(([name, check]) => check((value as Record<string, unknown>)[name]));

/** The answer as `T` when it passes `check`; otherwise throws, like a failed schema parse. */
export function readAs<T>(body: unknown, check: Check, what: string): T {
  if (!check(body)) throw new Error(`${what}: the answer does not have the expected shape`);
  return body as T;
}
