/**
 * A GET read declared once: `defineParsedQuery` (one address) and `defineParsedQueryFamily` (an address
 * per id) give its query key (the URL split at `/`), its query options (for `useQuery`, a prefetch or
 * `setQueryData`) and its hook, the answer checked with the picked contracts schema; with
 * `on401: 'returnNull'` a 401 reads as null (signed out), which `defineSignedInQuery` /
 * `defineSignedInQueryFamily` declare for a read of the signed-in person's own data.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QueryFunction, QueryKey, UseQueryResult } from '@tanstack/react-query';
import type { UnauthorizedBehavior } from './get-query-fn';
import { parsedQueryFn, parsedQueryFnOrNull } from './parse-answer';
import type { SchemaPick } from './parse-answer';

function readOptions<T, Key extends QueryKey>(
  queryKey: Key,
  queryFn: QueryFunction<T, Key>,
  enabled: boolean,
) {
  return queryOptions({ queryKey, enabled, queryFn });
}

/** The query options of a read: its key (tagged with the answer's type), `enabled` and its query function. */
export type ParsedQueryOptions<T, Key extends QueryKey> = ReturnType<typeof readOptions<T, Key>>;

/** A read of one address. `enabled` is true unless given. */
export type ParsedQuery<T, Key extends QueryKey> = {
  queryKey: Key;
  options: (enabled?: boolean) => ParsedQueryOptions<T, Key>;
  use: (enabled?: boolean) => UseQueryResult<T, Error>;
};

/** A read of one address per `param` (a course's id, a lesson's). `enabled` is true unless given. */
export type ParsedQueryFamily<Param, T, Key extends QueryKey> = {
  queryKey: (param: Param) => Key;
  options: (param: Param, enabled?: boolean) => ParsedQueryOptions<T, Key>;
  use: (param: Param, enabled?: boolean) => UseQueryResult<T, Error>;
};

/** How a read takes a 401: an error (`'throw'`, the default) or null, signed out (`'returnNull'`). */
export type ParsedQuerySettings = { on401?: UnauthorizedBehavior };

function parsedQueryFnFor<T>(pick: SchemaPick<T>, { on401 = 'throw' }: ParsedQuerySettings) {
  return on401 === 'returnNull' ? parsedQueryFnOrNull(pick) : parsedQueryFn<T | null>(pick);
}

export function defineParsedQuery<T, const Key extends QueryKey>(
  queryKey: Key,
  pick: SchemaPick<T>,
  settings: { on401: 'returnNull' },
): ParsedQuery<T | null, Key>;
export function defineParsedQuery<T, const Key extends QueryKey>(
  queryKey: Key,
  pick: SchemaPick<T>,
  settings?: { on401?: 'throw' },
): ParsedQuery<T, Key>;
export function defineParsedQuery<T, const Key extends QueryKey>(
  queryKey: Key,
  pick: SchemaPick<T>,
  settings: ParsedQuerySettings = {},
): ParsedQuery<T | null, Key> {
  const queryFn = parsedQueryFnFor(pick, settings);
  const options = (enabled = true) => readOptions(queryKey, queryFn, enabled);
  return { queryKey, options, use: (enabled = true) => useQuery(options(enabled)) };
}

export function defineParsedQueryFamily<Param, T, Key extends QueryKey>(
  queryKey: (param: Param) => Key,
  pick: SchemaPick<T>,
  settings: { on401: 'returnNull' },
): ParsedQueryFamily<Param, T | null, Key>;
export function defineParsedQueryFamily<Param, T, Key extends QueryKey>(
  queryKey: (param: Param) => Key,
  pick: SchemaPick<T>,
  settings?: { on401?: 'throw' },
): ParsedQueryFamily<Param, T, Key>;
export function defineParsedQueryFamily<Param, T, Key extends QueryKey>(
  queryKey: (param: Param) => Key,
  pick: SchemaPick<T>,
  settings: ParsedQuerySettings = {},
): ParsedQueryFamily<Param, T | null, Key> {
  const queryFn = parsedQueryFnFor(pick, settings);
  const options = (param: Param, enabled = true) => readOptions(queryKey(param), queryFn, enabled);
  return { queryKey, options, use: (param, enabled = true) => useQuery(options(param, enabled)) };
}

/** A read of the signed-in person's own data at one address: a 401 reads as null (signed out). */
export function defineSignedInQuery<T, const Key extends QueryKey>(
  queryKey: Key,
  pick: SchemaPick<T>,
): ParsedQuery<T | null, Key> {
  return defineParsedQuery(queryKey, pick, { on401: 'returnNull' });
}

/** A read of the signed-in person's own data, an address per `param`: a 401 reads as null (signed out). */
export function defineSignedInQueryFamily<Param, T, Key extends QueryKey>(
  queryKey: (param: Param) => Key,
  pick: SchemaPick<T>,
): ParsedQueryFamily<Param, T | null, Key> {
  return defineParsedQueryFamily(queryKey, pick, { on401: 'returnNull' });
}
