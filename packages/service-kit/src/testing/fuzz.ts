/**
 * Property-based fuzzing of a running service's HTTP routes (fast-check): every route Express knows is
 * called with bodies, query strings and path parameters drawn from its zod contract when it has one (and
 * from junk when it has none), with hostile values mixed in (NUL, lone surrogates, huge strings, wrong
 * types, nested junk, prototype keys), as every caller. An answer fails when it is a 5xx, never comes, or
 * carries a stack trace, SQL text or a filesystem path.
 */
import { randomInt } from 'node:crypto';
import { tmpdir } from 'node:os';
import fc from 'fast-check';
import type { Caller } from '@platform/contracts';
import type { z } from 'zod';
import type { RunningService } from '../runtime/service.js';

/** A route as Express matches it: `POST /api/consultations/:id/respond`. */
export interface ServiceRoute {
  method: string;
  path: string;
}

export interface RouteContract {
  /** The JSON body's schema. */
  body?: z.ZodType;
  /** The query string's schema (values are sent as text). */
  query?: z.ZodType;
  /**
   * Per path parameter: a schema to draw values from, or real values (made by the test) that let the
   * request reach past "not found" into the code that stores or changes things.
   */
  params?: Record<string, z.ZodType | readonly string[]>;
  /** Valid bodies: mutated one leaf at a time, so a hostile value sits among otherwise valid fields. */
  examples?: readonly unknown[];
  /** Valid query objects, mutated the same way. */
  queryExamples?: readonly Record<string, string>[];
  /** Runs for this route instead of the suite's (fewer for routes that hash passwords or wait on purpose). */
  numRuns?: number;
}

export interface FuzzRoutesOptions {
  service: Pick<RunningService, 'app'>;
  /** Who calls (signed out, signed in, admin): each request is sent as one of them. */
  callers: Record<string, Caller>;
  /** Sends a request the way the gateway would for `caller`. */
  send(caller: Caller, pathname: string, init: RequestInit): Promise<Response>;
  /** `'POST /api/contact'` → its contract. Every key must name a route of the service. */
  contracts: Record<string, RouteContract>;
  /** Runs per route (default 40). */
  numRuns?: number;
  /** The run's seed; `FUZZ_SEED` from the environment, else a new one (printed with any failure). */
  seed?: number;
  /** Milliseconds an answer may take before it counts as a failure (default 15 s). */
  answerTimeoutMs?: number;
  /** The service's captured log lines (`captureLogs()`): a failure then names the error it logged. */
  logs?: Record<string, unknown>[];
}

export interface FuzzReport {
  seed: number;
  /** Every route found in the service's router. */
  routes: ServiceRoute[];
  /** Contract keys that name no route (a renamed route whose contract would silently stop being used). */
  unknownContracts: string[];
  /** Requests sent. */
  requests: number;
  /** Per route, how many answers had each status: shows how far the requests got (not only 400s). */
  statuses: Record<string, Record<number, number>>;
  /** One line per failing route: the route, the seed to replay it and fast-check's counterexample. */
  failures: string[];
}

/** Every route of a running service, read from its Express app's router (so a new route is fuzzed at once). */
export function listServiceRoutes(service: Pick<RunningService, 'app'>): ServiceRoute[] {
  const { router } = service.app as unknown as { router?: RouterLike };
  if (!router) throw new Error('the service has no Express router');
  const routes: ServiceRoute[] = [];
  collectRoutes(router, '', routes);
  const seen = new Set<string>();
  return routes.filter((route) => {
    const key = routeKey(route);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export function routeKey(route: ServiceRoute): string {
  return `${route.method} ${route.path}`;
}

interface LayerLike {
  rawPath?: unknown;
  route?: { path: unknown; methods: Record<string, boolean> };
  handle?: { stack?: LayerLike[] };
}
interface RouterLike {
  stack: LayerLike[];
}

function collectRoutes(router: RouterLike, prefix: string, routes: ServiceRoute[]): void {
  for (const layer of router.stack) {
    if (layer.route) {
      const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
      for (const path of paths) {
        if (typeof path !== 'string') continue;
        for (const method of Object.keys(layer.route.methods)) {
          // `router.all()`: a POST reaches it like any other method.
          routes.push({ method: method === '_all' ? 'POST' : method.toUpperCase(), path: prefix + path });
        }
      }
    } else if (layer.handle?.stack) {
      const mount = typeof layer.rawPath === 'string' && layer.rawPath !== '/' ? layer.rawPath : '';
      collectRoutes(layer.handle as RouterLike, prefix + mount, routes);
    }
  }
}

// ---------------------------------------------------------------------------------------------------
// Hostile values

/** Single characters that have broken databases, parsers, logs or headers somewhere. */
const HOSTILE_CHARACTERS = [
  '\u0000',
  '\ud800',
  '\udfff',
  '\udbff',
  '\u0001',
  '\u0007',
  '\u0008',
  '\u001b',
  '\u007f',
  '\u0085',
  '\u009b',
  '\u2028',
  '\u202e',
  '\ufeff',
  '\ufffe',
  '\uffff',
  '\r\n',
  '\t',
  '%00',
  "'",
  '"',
  '\\',
  '`',
  '$',
] as const;

const HOSTILE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udc00y',
  '\ud83d',
  '\u0000\ud800\u0000',
  '\u001b[31mred\u001b[0m',
  'line\r\nX-Injected: 1',
  "'; DROP TABLE users; --",
  "' OR '1'='1",
  '1; SELECT pg_sleep(0)',
  '%00',
  '%E0%A4%A',
  '../../../../etc/passwd',
  '..\\..\\..\\windows\\win.ini',
  '<script>alert(1)</script>',
  '{{7*7}}${7*7}',
  '__proto__',
  'constructor',
  'prototype',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-1',
  '0',
  '1e309',
  '9'.repeat(40),
  '0x7fffffff',
  '\u202egnp.exe',
  '\u{1F4A5}'.repeat(50),
  'é'.normalize('NFD').repeat(100),
  'x'.repeat(10_000),
  'y'.repeat(70_000),
] as const;

const hostileString = (): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
    { weight: 2, arbitrary: withHostileCharacter(fc.string({ maxLength: 30 })) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
    {
      weight: 1,
      arbitrary: fc.string({
        unit: fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)),
        maxLength: 20,
      }),
    },
  );

/** A string with one hostile character put somewhere inside it. */
function withHostileCharacter(base: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc.tuple(base, fc.constantFrom(...HOSTILE_CHARACTERS), fc.nat()).map(([text, bad, at]) => {
    const index = text.length === 0 ? 0 : at % (text.length + 1);
    return text.slice(0, index) + bad + text.slice(index);
  });
}

/** Nested junk as deep as a JSON parser allows without tripping over itself. */
function deepNesting(depth: number): unknown {
  let value: unknown = 'bottom';
  for (let level = 0; level < depth; level += 1) value = level % 2 ? [value] : { a: value };
  return value;
}

/** Any value at all in the place of a field: wrong types, junk, hostile text. */
const hostileValue = (): fc.Arbitrary<unknown> =>
  fc.oneof(
    { weight: 6, arbitrary: hostileString() },
    {
      weight: 2,
      arbitrary: fc.constantFrom<unknown>(
        null,
        true,
        false,
        0,
        -1,
        1.5,
        -0,
        2 ** 31,
        2 ** 53 + 1,
        Number.MAX_VALUE,
        [],
        {},
        [null],
        ['a', 1, null],
        { toString: 'x', valueOf: 1 },
      ),
    },
    { weight: 1, arbitrary: fc.constantFrom(deepNesting(40), deepNesting(400)) },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  );

// ---------------------------------------------------------------------------------------------------
// Values from zod schemas

interface ZodDefLike {
  type: string;
  [key: string]: unknown;
}
interface CheckDefLike {
  check: string;
  minimum?: number;
  maximum?: number;
  length?: number;
  value?: number | bigint;
  inclusive?: boolean;
  format?: string;
  pattern?: RegExp;
}

function defOf(schema: unknown): ZodDefLike {
  return (schema as { _zod: { def: ZodDefLike } })._zod.def;
}

function checksOf(def: ZodDefLike): CheckDefLike[] {
  const checks = (def.checks as Array<{ _zod: { def: CheckDefLike } }> | undefined) ?? [];
  const own: CheckDefLike[] = typeof def.check === 'string' ? [def as unknown as CheckDefLike] : [];
  return [...own, ...checks.map((check) => check._zod.def)];
}

/** A pipe is generated from its input side, unless that side is a bare string the output side refines. */
function pipeSource(def: ZodDefLike): unknown {
  const input = defOf(def.in);
  const output = defOf(def.out);
  if (output.type === 'transform') return def.in;
  const bare = input.type === 'string' && checksOf(input).every((check) => check.check === 'overwrite');
  return bare ? def.out : def.in;
}

function stringFromChecks(def: ZodDefLike): fc.Arbitrary<string> {
  let min = 0;
  let max = 60;
  let pattern: RegExp | undefined;
  for (const check of checksOf(def)) {
    if (check.check === 'min_length' && check.minimum !== undefined) min = Math.max(min, check.minimum);
    if (check.check === 'max_length' && check.maximum !== undefined) max = Math.min(max, check.maximum);
    if (check.check === 'length_equals' && check.length !== undefined) min = max = check.length;
    if (check.check === 'string_format' && check.pattern && !pattern) pattern = check.pattern;
  }
  max = Math.max(max, min);
  const fit = (text: string) => text.slice(0, Math.max(max, min));
  if (pattern) {
    if (pattern.source.includes('@')) return fc.emailAddress().map(fit);
    try {
      return fc.stringMatching(pattern).map(fit);
    } catch {
      // A pattern fast-check cannot generate from (lookaheads): plain text of the right length.
    }
  }
  return fc.oneof(
    { weight: 3, arbitrary: fc.string({ minLength: min, maxLength: max }) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: min, maxLength: max }) },
  );
}

function numberFromChecks(def: ZodDefLike): fc.Arbitrary<number> {
  let min = -1_000_000;
  let max = 1_000_000;
  let integer = false;
  for (const check of checksOf(def)) {
    if (check.check === 'greater_than' && typeof check.value === 'number') min = check.value;
    if (check.check === 'less_than' && typeof check.value === 'number') max = check.value;
    if (check.check === 'number_format' && check.format && /int/.test(check.format)) integer = true;
  }
  if (min > max) [min, max] = [max, min];
  return integer
    ? fc.integer({ min: Math.ceil(Math.max(min, -(2 ** 31))), max: Math.floor(Math.min(max, 2 ** 31 - 1)) })
    : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

/**
 * Values the schema (mostly) accepts, with `hostileShare` of the leaves replaced by hostile values or
 * given a hostile character, so most bodies are valid but for one field.
 */
export function arbitraryFromSchema(schema: unknown, hostileShare = 0.1, depth = 0): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const recurse = (inner: unknown) => arbitraryFromSchema(inner, hostileShare, depth + 1);
  const leaf = (plausible: fc.Arbitrary<unknown>, text?: fc.Arbitrary<string>) => {
    const hostileWeight = Math.round(hostileShare * 100);
    if (hostileWeight === 0) return plausible;
    return fc.oneof(
      { weight: 100 - hostileWeight, arbitrary: plausible },
      { weight: Math.ceil(hostileWeight / 2), arbitrary: text ? withHostileCharacter(text) : hostileValue() },
      { weight: Math.ceil(hostileWeight / 2), arbitrary: hostileValue() },
    );
  };
  if (depth > 8) return fc.jsonValue({ maxDepth: 1 });
  switch (def.type) {
    case 'string': {
      const text = stringFromChecks(def);
      return leaf(text, text);
    }
    case 'number':
      return leaf(numberFromChecks(def));
    case 'bigint':
    case 'int':
      return leaf(fc.integer());
    case 'boolean':
      return leaf(fc.boolean());
    case 'literal':
      return leaf(fc.constantFrom(...(def.values as unknown[])));
    case 'enum':
      return leaf(fc.constantFrom(...Object.values(def.entries as Record<string, unknown>)));
    case 'null':
      return leaf(fc.constant(null));
    case 'undefined':
    case 'void':
      return fc.constant(undefined);
    case 'date':
      return leaf(fc.date({ noInvalidDate: true }).map((date) => date.toISOString()));
    case 'object': {
      const shape = def.shape as Record<string, unknown>;
      const model = Object.fromEntries(Object.entries(shape).map(([key, field]) => [key, recurse(field)]));
      return fc.oneof(
        { weight: 8, arbitrary: fc.record(model) },
        { weight: 1, arbitrary: fc.record(model, { requiredKeys: [] }) },
      );
    }
    case 'array':
      return fc.array(recurse(def.element), { maxLength: 4 });
    case 'tuple':
      return fc.tuple(...(def.items as unknown[]).map(recurse));
    case 'record':
      return fc.dictionary(fc.string({ maxLength: 10 }), recurse(def.valueType), { maxKeys: 4 });
    case 'union':
      return fc.oneof(...(def.options as unknown[]).map(recurse));
    case 'intersection':
      return recurse(def.left);
    case 'optional':
      return fc.option(recurse(def.innerType), { nil: undefined, freq: 6 });
    case 'nullable':
      return fc.option(recurse(def.innerType), { nil: null, freq: 6 });
    case 'default':
    case 'prefault':
      return fc.option(recurse(def.innerType), { nil: undefined, freq: 6 });
    case 'catch':
    case 'readonly':
    case 'nonoptional':
    case 'success':
      return recurse(def.innerType);
    case 'lazy':
      return recurse((def.getter as () => unknown)());
    case 'pipe':
      return recurse(pipeSource(def));
    default:
      return leaf(fc.jsonValue({ maxDepth: 2 }));
  }
}

/** A valid example with one leaf (a string, number, … anywhere inside) replaced or poisoned. */
function mutatedExample(examples: readonly unknown[]): fc.Arbitrary<unknown> {
  return fc
    .tuple(fc.constantFrom(...examples), fc.nat(), hostileValue(), fc.constantFrom(...HOSTILE_CHARACTERS))
    .map(([example, pick, replacement, bad]) => {
      const copy = structuredClone(example);
      const leaves = leafPaths(copy);
      if (leaves.length === 0) return replacement;
      const path = leaves[pick % leaves.length]!;
      const parent = path.slice(0, -1).reduce<unknown>((node, key) => (node as never)[key], copy) as Record<
        string | number,
        unknown
      >;
      const key = path[path.length - 1]!;
      const current = parent[key];
      // Half the time the leaf keeps its valid text with one bad character in it: that is what gets past
      // length and pattern checks and reaches the database.
      parent[key] =
        typeof current === 'string' && pick % 2 === 0 ? insertAt(current, bad, pick) : replacement;
      return copy;
    });
}

function insertAt(text: string, bad: string, at: number): string {
  const index = at % (text.length + 1);
  return text.slice(0, index) + bad + text.slice(index);
}

function leafPaths(value: unknown, path: Array<string | number> = []): Array<Array<string | number>> {
  if (Array.isArray(value)) return value.flatMap((item, index) => leafPaths(item, [...path, index]));
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => leafPaths(item, [...path, key]));
  }
  return path.length > 0 ? [path] : [];
}

// ---------------------------------------------------------------------------------------------------
// Requests

type BodyKind = 'json' | 'json-with-prototype-keys' | 'broken-json' | 'text' | 'form' | 'none';

interface FuzzRequest {
  caller: string;
  params: Record<string, string>;
  query: Array<[string, string]>;
  bodyKind: BodyKind;
  body: unknown;
}

/** Percent-encodes any text, lone surrogates included (as the invalid UTF-8 a hostile client would send). */
export function encodeAny(text: string): string {
  // Most text has no lone surrogate: one call encodes it (a character at a time took a tenth of a fuzz
  // suite's CPU on the huge hostile strings). encodeURIComponent refuses lone surrogates with a URIError.
  try {
    return encodeURIComponent(text);
  } catch {
    // Spelled out below, a character at a time.
  }
  let out = '';
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    const next = text.charCodeAt(index + 1);
    if (code >= 0xd800 && code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      out += encodeURIComponent(text.slice(index, index + 2));
      index += 1;
    } else if (code >= 0xd800 && code <= 0xdfff) {
      out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('');
    } else {
      out += encodeURIComponent(text[index]!);
    }
  }
  return out;
}

function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

const PROTOTYPE_KEYS =
  '"__proto__":{"role":"admin","isAdmin":true,"polluted":true},"constructor":{"prototype":{"polluted":true}},';

function bodyInit(kind: BodyKind, body: unknown): { body?: string; contentType?: string } {
  switch (kind) {
    case 'json':
      return { body: JSON.stringify(body) ?? 'null', contentType: 'application/json' };
    case 'json-with-prototype-keys': {
      const text = JSON.stringify(body) ?? 'null';
      const withKeys = text.startsWith('{')
        ? `{${PROTOTYPE_KEYS}${text.slice(1)}`
        : `{${PROTOTYPE_KEYS}"a":1}`;
      return { body: withKeys.replace(/,\}$/, '}'), contentType: 'application/json' };
    }
    case 'broken-json':
      return {
        body: `${(JSON.stringify(body) ?? '').slice(0, 40)}{"\u0000`,
        contentType: 'application/json',
      };
    case 'text':
      return { body: asText(body), contentType: 'text/plain' };
    case 'form': {
      const entries =
        body !== null && typeof body === 'object' ? Object.entries(body as Record<string, unknown>) : [];
      return {
        body: entries.map(([key, value]) => `${encodeAny(key)}=${encodeAny(asText(value))}`).join('&'),
        contentType: 'application/x-www-form-urlencoded',
      };
    }
    case 'none':
      return {};
  }
}

function pathParamNames(path: string): string[] {
  return [...path.matchAll(/:(\w+)/g)].map((match) => match[1]!);
}

function requestArbitrary(
  route: ServiceRoute,
  contract: RouteContract | undefined,
  callers: string[],
): fc.Arbitrary<FuzzRequest> {
  const params = Object.fromEntries(
    pathParamNames(route.path).map((name) => {
      const given = contract?.params?.[name];
      const plausible = Array.isArray(given)
        ? fc.constantFrom(...(given as string[]))
        : given
          ? arbitraryFromSchema(given, 0).map(asText)
          : fc.string({ maxLength: 30 });
      return [
        name,
        fc.oneof(
          { weight: 3, arbitrary: plausible },
          { weight: 1, arbitrary: withHostileCharacter(plausible) },
          { weight: 1, arbitrary: hostileString() },
        ),
      ];
    }),
  ) as Record<string, fc.Arbitrary<string>>;

  const junkQuery = fc.array(
    fc.tuple(fc.oneof(fc.string({ maxLength: 8 }), hostileString()), hostileString()),
    {
      maxLength: 3,
    },
  );
  const fromQuerySchema = (query: unknown): fc.Arbitrary<Array<[string, string]>> =>
    arbitraryFromSchema(query).map((value) =>
      value !== null && typeof value === 'object'
        ? Object.entries(value as Record<string, unknown>)
            .filter(([, item]) => item !== undefined)
            .map(([key, item]): [string, string] => [key, asText(item)])
        : [],
    );
  const queryChoices: Array<fc.WeightedArbitrary<Array<[string, string]>>> = [
    { weight: 1, arbitrary: junkQuery },
  ];
  if (contract?.query) queryChoices.push({ weight: 4, arbitrary: fromQuerySchema(contract.query) });
  if (contract?.queryExamples?.length) {
    queryChoices.push({
      weight: 4,
      arbitrary: mutatedExample(contract.queryExamples).map((value) =>
        value !== null && typeof value === 'object'
          ? Object.entries(value as Record<string, unknown>).map(([key, item]): [string, string] => [
              key,
              asText(item),
            ])
          : [['q', asText(value)]],
      ),
    });
  }
  // The way Express reads `?a=1&a=2`: an array where the code may expect one string.
  const query = fc
    .tuple(fc.oneof(...queryChoices), fc.boolean())
    .map(([entries, repeat]) => (repeat && entries[0] ? [...entries, entries[0]] : entries));

  const bodyChoices: Array<fc.WeightedArbitrary<unknown>> = [
    { weight: 1, arbitrary: hostileValue() },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  ];
  if (contract?.body) bodyChoices.push({ weight: 6, arbitrary: arbitraryFromSchema(contract.body) });
  if (contract?.examples?.length)
    bodyChoices.push({ weight: 6, arbitrary: mutatedExample(contract.examples) });
  const hasBody = route.method !== 'GET' && route.method !== 'HEAD';
  const bodyKind: fc.Arbitrary<BodyKind> = hasBody
    ? fc.oneof(
        { weight: 12, arbitrary: fc.constant<BodyKind>('json') },
        { weight: 2, arbitrary: fc.constant<BodyKind>('json-with-prototype-keys') },
        { weight: 1, arbitrary: fc.constantFrom<BodyKind>('broken-json', 'text', 'form', 'none') },
      )
    : fc.constant<BodyKind>('none');

  return fc.record({
    caller: fc.constantFrom(...callers),
    params: fc.record(params),
    query,
    bodyKind,
    body: fc.oneof(...bodyChoices),
  });
}

function pathnameOf(route: ServiceRoute, request: FuzzRequest): string {
  const path = route.path.replace(/:(\w+)/g, (_match, name: string) => encodeAny(request.params[name] ?? ''));
  const query = request.query.map(([key, value]) => `${encodeAny(key)}=${encodeAny(value)}`).join('&');
  return query ? `${path}?${query}` : path;
}

// ---------------------------------------------------------------------------------------------------
// What an answer must never carry

/** Signs of an internal error shown to the client: stack frames, SQL and database errors, server paths. */
export function findLeaks(text: string): string[] {
  const found: string[] = [];
  const checks: Array<[string, RegExp]> = [
    ['a stack frame', /\bat (?:async )?[\w$.<>[\]]+ \([^)]*:\d+:\d+\)|\n\s+at \S/],
    ['a node: or file: location', /\b(?:node:internal|file:\/\/)/],
    ['a node_modules path', /node_modules[\\/]/],
    ['the working directory', new RegExp(escapeRegExp(process.cwd()))],
    ['the temporary folder', new RegExp(`${escapeRegExp(tmpdir())}[\\\\/]`)],
    [
      'SQL text',
      // Identifiers as drizzle quotes them, maybe escaped once more inside a JSON string.
      /\b(?:select\s[\s\S]{0,200}?\sfrom\s+\\?"|insert\s+into\s+\\?"|update\s+\\?"\w+\\?"\s+set\b|delete\s+from\s+\\?")/i,
    ],
    ['a failed-query message', /\bFailed query\b|\bquery failed\b/i],
    [
      'a database error',
      /syntax error at or near|violates (?:not-null|unique|foreign key|check) constraint|invalid byte sequence for encoding|invalid input syntax for type|unsupported Unicode escape sequence|relation "[^"]+" does not exist|\bPGlite\b|\bPostgresError\b/i,
    ],
  ];
  for (const [name, pattern] of checks) if (pattern.test(text)) found.push(name);
  return found;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** What the service logged at error level while answering, for the failure message. */
function loggedErrors(lines: Record<string, unknown>[] | undefined): string {
  const errors = (lines ?? [])
    .filter((line) => typeof line.level === 'number' && line.level >= 50)
    .map((line) => {
      const err = line.err as { message?: unknown; type?: unknown } | undefined;
      const message = typeof err?.message === 'string' ? err.message.split('\n')[0] : String(line.msg);
      return `${String(err?.type ?? 'error')}: ${message?.slice(0, 300)}`;
    });
  return errors.length > 0 ? `\n    logged: ${errors.join(' | ')}` : '';
}

function describeRequest(route: ServiceRoute, request: FuzzRequest): string {
  const shown = JSON.stringify({ ...request, path: pathnameOf(route, request) }, (_key, value: unknown) =>
    typeof value === 'string' && value.length > 200
      ? `${value.slice(0, 60)}… (${value.length} chars)`
      : value,
  );
  return shown.length > 1_500 ? `${shown.slice(0, 1_500)}…` : shown;
}

/** A failed fetch with its causes (`fetch failed` alone does not say whether the peer reset or closed). */
function describeFailure(error: unknown): string {
  const parts: string[] = [];
  for (let current = error, depth = 0; current !== undefined && depth < 4; depth += 1) {
    if (!(current instanceof Error)) {
      parts.push(String(current));
      break;
    }
    const code = (current as { code?: unknown }).code;
    parts.push(typeof code === 'string' ? `${current.message} (${code})` : current.message);
    current = current.cause;
  }
  return parts.join(' ← ');
}

/** Fuzzes every route of the service; resolves with what was sent and what failed (it never throws). */
export async function fuzzRoutes(options: FuzzRoutesOptions): Promise<FuzzReport> {
  const seed = options.seed ?? (Number(process.env.FUZZ_SEED) || randomInt(2 ** 31 - 1));
  const routes = listServiceRoutes(options.service);
  const keys = new Set(routes.map(routeKey));
  const unknownContracts = Object.keys(options.contracts).filter((key) => !keys.has(key));
  const callerNames = Object.keys(options.callers);
  const failures: string[] = [];
  const statuses: FuzzReport['statuses'] = {};
  let requests = 0;

  for (const route of routes) {
    const contract = options.contracts[routeKey(route)];
    const counts: Record<number, number> = (statuses[routeKey(route)] = {});
    const property = fc.asyncProperty(requestArbitrary(route, contract, callerNames), async (request) => {
      requests += 1;
      const logged = options.logs?.length ?? 0;
      const { body, contentType } = bodyInit(request.bodyKind, request.body);
      const headers: Record<string, string> = contentType ? { 'content-type': contentType } : {};
      let response: Response;
      let text: string;
      try {
        response = await options.send(options.callers[request.caller]!, pathnameOf(route, request), {
          method: route.method,
          headers,
          redirect: 'manual',
          signal: AbortSignal.timeout(options.answerTimeoutMs ?? 15_000),
          ...(body !== undefined && { body }),
        });
        text = await response.text();
        counts[response.status] = (counts[response.status] ?? 0) + 1;
      } catch (error) {
        throw new Error(`no answer: ${describeFailure(error)}`, { cause: error });
      }
      if (response.status >= 500) {
        throw new Error(
          `answered ${response.status}: ${text.slice(0, 300)}${loggedErrors(options.logs?.slice(logged))}`,
        );
      }
      const leaks = findLeaks(`${text}\n${[...response.headers.values()].join('\n')}`);
      if (leaks.length > 0) throw new Error(`the answer shows ${leaks.join(', ')}: ${text.slice(0, 300)}`);
    });
    const result = await fc.check(property, {
      seed,
      numRuns: contract?.numRuns ?? options.numRuns ?? 40,
      endOnFailure: true,
    });
    if (result.failed) {
      const counterexample = result.counterexample?.[0] as FuzzRequest | undefined;
      const error =
        result.errorInstance instanceof Error ? result.errorInstance.message : String(result.errorInstance);
      failures.push(
        `${routeKey(route)} (replay: FUZZ_SEED=${seed}, path ${result.counterexamplePath}): ${error}` +
          (counterexample ? `\n    request: ${describeRequest(route, counterexample)}` : ''),
      );
    }
  }
  if (process.env.FUZZ_REPORT) {
    process.stdout.write(`fuzz seed ${seed}: ${requests} requests\n${JSON.stringify(statuses, null, 1)}\n`);
  }
  return { seed, routes, unknownContracts, requests, statuses, failures };
}
