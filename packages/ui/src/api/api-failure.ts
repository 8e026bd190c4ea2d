/**
 * `apiRequest` turns a non-OK answer into `Error("<status>: <body>")` (public-site spec §8). The forms show
 * the server's own words, so this reads the status, the message and the field issues back out.
 */

export type FieldIssue = { path: string; message: string };

export type ApiFailure = { status: number; message: string | null; issues: FieldIssue[] };

function readBody(text: string): { message: string | null; issues: FieldIssue[] } {
  try {
    const body: unknown = JSON.parse(text);
    if (typeof body !== 'object' || body === null) return { message: null, issues: [] };
    const { message, issues } = body as { message?: unknown; issues?: unknown };
    return {
      message: typeof message === 'string' && message.trim() ? message.trim() : null,
      issues: Array.isArray(issues)
        ? issues.filter(
            (issue): issue is FieldIssue =>
              typeof issue === 'object' &&
              issue !== null &&
              typeof (issue as FieldIssue).path === 'string' &&
              typeof (issue as FieldIssue).message === 'string',
          )
        : [],
    };
  } catch {
    // Not JSON (a proxy's error page): there is no message meant for people.
    return { message: null, issues: [] };
  }
}

/** The answer behind an `apiRequest` error, or null for anything else (a network failure, a bug). */
export function readApiFailure(error: unknown): ApiFailure | null {
  if (!(error instanceof Error)) return null;
  const match = /^(\d{3}): ([\s\S]*)$/.exec(error.message);
  if (!match) return null;
  return { status: Number(match[1]), ...readBody(match[2] ?? '') };
}

/** What a form gets back when the server refused: its status, message and field issues. */
export type RefusedOutcome = { ok: false } & ApiFailure;

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
