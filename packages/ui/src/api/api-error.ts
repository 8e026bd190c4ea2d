/**
 * The one error a call to the API rejects with when the answer is not OK (`apiRequest`, `getQueryFn`,
 * `sendWithProgress`): its status, the server's own words and field issues, and the body for callers that
 * read more of it. Pages branch on these fields, never on the text of an error.
 */

export type FieldIssue = { path: string; message: string };

/** What a form needs from a refusal: the status, the server's words (null: none) and the field issues. */
export type ApiFailure = { status: number; message: string | null; issues: FieldIssue[] };

/** What a form's call resolves with when the server refused. */
export type RefusedOutcome = { ok: false } & ApiFailure;

/** An answer's body: the parsed JSON, or the text when it is not JSON (a proxy's error page, '' when empty). */
export function readAnswerBody(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function readServerMessage(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return null;
  const { message } = body as { message?: unknown };
  return typeof message === 'string' && message.trim() ? message.trim() : null;
}

function readIssues(body: unknown): FieldIssue[] {
  const issues = typeof body === 'object' && body !== null ? (body as { issues?: unknown }).issues : null;
  if (!Array.isArray(issues)) return [];
  return issues.filter(
    (issue): issue is FieldIssue =>
      typeof issue === 'object' &&
      issue !== null &&
      typeof (issue as FieldIssue).path === 'string' &&
      typeof (issue as FieldIssue).message === 'string',
  );
}

export class ApiError extends Error {
  override name = 'ApiError';
  /** The HTTP status of the answer. */
  readonly status: number;
  /** The server's words meant for people (its JSON `message`), or null when the answer had none. */
  readonly serverMessage: string | null;
  /** The field issues of a validation refusal (400), each `{ path, message }`; [] otherwise. */
  readonly issues: FieldIssue[];
  /** The answer's body: parsed JSON, or its text when it is not JSON. */
  readonly body: unknown;
  /** The answer's status text ('Unsupported Media Type'), '' when unknown. */
  readonly statusText: string;

  /**
   * `message` is the server's words when it sent some, otherwise "<status>: <body text or status text>"
   * (what the answer was, for the console).
   */
  constructor(status: number, bodyText: string, statusText = '') {
    const body = readAnswerBody(bodyText);
    const serverMessage = readServerMessage(body);
    super(serverMessage ?? `${status}: ${bodyText || statusText}`);
    this.status = status;
    this.serverMessage = serverMessage;
    this.issues = readIssues(body);
    this.body = body;
    this.statusText = statusText;
  }

  /** The error of a non-OK `fetch` answer (reads its body). */
  static async fromResponse(response: Response): Promise<ApiError> {
    const text = await response.text().catch(() => '');
    return new ApiError(response.status, text, response.statusText);
  }

  /** The refusal as a form reads it. */
  toFailure(): ApiFailure {
    return { status: this.status, message: this.serverMessage, issues: this.issues };
  }
}

/** The status of an API error; null for anything else (no answer came, a bug). */
export function getApiErrorStatus(error: unknown): number | null {
  return error instanceof ApiError ? error.status : null;
}

/** The server's words behind an API error; null when it gave none or no answer came. */
export function getServerMessage(error: unknown): string | null {
  return error instanceof ApiError ? error.serverMessage : null;
}

/** The issues that belong to one of the form's fields (first one per field), to show beside it. */
export function pickFieldIssues<Field extends string>(
  issues: FieldIssue[],
  fields: readonly Field[],
): { field: Field; message: string }[] {
  const picked = new Map<Field, string>();
  for (const issue of issues) {
    const field = fields.find((name) => name === issue.path);
    if (field !== undefined && !picked.has(field)) picked.set(field, issue.message);
  }
  return [...picked].map(([field, message]) => ({ field, message }));
}

/**
 * A 400 whose issues name some of the form's fields: each is shown through `show` (the form's `setError`);
 * true when any was, so the caller shows no general failure beside them.
 */
export function showFieldIssues<Field extends string>(
  failure: unknown,
  fields: readonly Field[],
  show: (field: Field, message: string) => void,
): boolean {
  if (!(failure instanceof ApiError) || failure.status !== 400) return false;
  const picked = pickFieldIssues(failure.issues, fields);
  for (const { field, message } of picked) show(field, message);
  return picked.length > 0;
}
