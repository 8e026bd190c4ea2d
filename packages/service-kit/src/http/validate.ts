/**
 * The one way a route checks what it is sent: `validate({ params?, query?, body? })` parses the JSON body
 * (one size limit for every service, raised per route where a form needs more) and checks the path
 * parameters, the query and the body with the contracts' zod schemas, in that order.
 *
 * - A bad body or query is a 400 `{ message, issues }`: the first issue's message (the forms show one at a
 *   time) and one issue per field with its path (the first its schema finds), as the error middleware
 *   answers any ZodError.
 * - Path parameters that do not parse name nothing: a 404 `{ message }` with `notFound`, or the first
 *   issue's message (so a schema can carry the resource's own "… not found").
 * - A missing body is checked as `{}`, so its required fields are named rather than "expected object".
 * - A repeated query parameter counts once, by its first value (`?a=1&a=2` is `a: '1'`).
 *
 * The handler after it sees the schemas' outputs, typed: `req.params`, `req.body` and `req.query` are
 * replaced by what the schemas returned (Express 5 computes `req.query` in a getter on the prototype, so
 * the parsed query is set as the request's own property). Express infers those types from this middleware;
 * any other middleware in the same route is typed `Middleware`, so it does not pin them to Express's
 * defaults.
 */
import express, { type RequestHandler } from 'express';
import type { z } from 'zod';
import { AppError } from '../errors.js';

/** Every JSON body of every service: the largest form (a billing form, 20 order lines) fits well within. */
export const JSON_BODY_LIMIT = '32kb';

/** A part of a request no schema types: left for the route's other handlers to say (or as Express has it). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- `any` is what defers to the other handlers
export type Untyped = any;

/**
 * A middleware that sits in a route's chain beside `validate` or `requireUser`: its request type takes
 * whatever the route's other handlers say rather than pinning Express's defaults.
 */
export type Middleware = RequestHandler<Untyped, Untyped, Untyped, Untyped, Untyped>;

export interface RequestSchemas<
  TParams extends z.ZodType | undefined = z.ZodType | undefined,
  TQuery extends z.ZodType | undefined = z.ZodType | undefined,
  TBody extends z.ZodType | undefined = z.ZodType | undefined,
> {
  /** The path parameters as one object, e.g. `z.object({ id: ContentIdParamSchema })`. */
  params?: TParams;
  /** The query as one object of (first) string values. */
  query?: TQuery;
  /** The JSON body; giving it is what makes the route read JSON. */
  body?: TBody;
}

export interface ValidateOptions {
  /** The JSON body limit of this route when it needs more than JSON_BODY_LIMIT (bytes-module syntax, '64kb'). */
  limit?: string;
  /** The 404 message when the path parameters do not parse (default: the first issue's message). */
  notFound?: string;
}

/** What the schema returns, or untyped for a part the route does not validate. */
type Parsed<TSchema> = TSchema extends z.ZodType ? z.output<TSchema> : Untyped;

export function validate<
  TParams extends z.ZodType | undefined = undefined,
  TQuery extends z.ZodType | undefined = undefined,
  TBody extends z.ZodType | undefined = undefined,
>(
  schemas: RequestSchemas<TParams, TQuery, TBody>,
  options: ValidateOptions = {},
): RequestHandler<Parsed<TParams>, Untyped, Parsed<TBody>, Parsed<TQuery>, Untyped> {
  const { params, query, body } = schemas;
  const readJson = body ? express.json({ limit: options.limit ?? JSON_BODY_LIMIT }) : undefined;

  const check: RequestHandler = (req, _res, next) => {
    if (params) {
      const parsed = params.safeParse(req.params);
      if (!parsed.success) {
        throw new AppError('not_found', options.notFound ?? parsed.error.issues[0]?.message ?? 'Not found');
      }
      req.params = parsed.data as typeof req.params;
    }
    if (query) {
      const parsed = query.safeParse(firstValues(req.query));
      if (!parsed.success) throw AppError.fromZod(parsed.error);
      Object.defineProperty(req, 'query', {
        value: parsed.data,
        configurable: true,
        enumerable: true,
        writable: true,
      });
    }
    if (body) {
      const parsed = body.safeParse(req.body ?? {});
      if (!parsed.success) throw AppError.fromZod(parsed.error);
      req.body = parsed.data;
    }
    next();
  };

  return (req, res, next) => {
    if (!readJson) return check(req, res, next);
    // The parser's own refusals (413, malformed JSON, bad charset) go to the error middleware as they are.
    readJson(req, res, (error?: unknown) => {
      if (error) return next(error);
      try {
        check(req, res, next);
      } catch (checkError) {
        next(checkError);
      }
    });
  };
}

/** `?a=1&a=2` → `{ a: '1' }`: a schema names each parameter once. */
function firstValues(query: unknown): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  if (typeof query !== 'object' || query === null) return values;
  for (const [name, value] of Object.entries(query)) values[name] = Array.isArray(value) ? value[0] : value;
  return values;
}
