/**
 * Reading an answer through its contracts schema. The contracts load lazily, beside the request, so a
 * page's first view never carries them; each read names only the schema it checks its answer with.
 */
import type { QueryFunction } from '@tanstack/react-query';
import type * as ContractsModule from '@platform/contracts';
import { apiRequest } from './api-request';
import type { ApiRequestOptions } from './api-request';
import { getQueryFn } from './get-query-fn';

export type Contracts = typeof ContractsModule;
/** Picks the schema an answer is parsed with: `(contracts) => contracts.CourseListSchema`. */
export type SchemaPick<T> = (contracts: Contracts) => { parse(value: unknown): T };

/** Parses `answer` (or what it resolves to) with the picked schema, loading the contracts meanwhile. */
export async function parseAnswer<T>(answer: unknown, pick: SchemaPick<T>): Promise<T> {
  const [body, contracts] = await Promise.all([answer, import('@platform/contracts')]);
  return pick(contracts).parse(body);
}

/** `apiRequest` whose JSON answer is parsed with the picked schema. */
export function requestParsed<T>(
  method: string,
  url: string,
  data: unknown,
  pick: SchemaPick<T>,
  options?: ApiRequestOptions,
): Promise<T> {
  return parseAnswer(
    apiRequest(method, url, data, options).then((response) => response.json() as Promise<unknown>),
    pick,
  );
}

const read = getQueryFn<unknown>({ on401: 'throw' });
const readOrNull = getQueryFn<unknown>({ on401: 'returnNull' });

/** The default read of the query key (a 401 is an error), parsed with the picked schema. */
export function parsedQueryFn<T>(pick: SchemaPick<T>): QueryFunction<T> {
  return (context) => parseAnswer(read(context), pick);
}

/** The default read of the query key, null when signed out (401), otherwise parsed with the picked schema. */
export function parsedQueryFnOrNull<T>(pick: SchemaPick<T>): QueryFunction<T | null> {
  return async (context) => {
    const [body, contracts] = await Promise.all([readOrNull(context), import('@platform/contracts')]);
    return body === null ? null : pick(contracts).parse(body);
  };
}
