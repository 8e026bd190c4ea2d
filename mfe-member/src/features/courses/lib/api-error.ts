/**
 * Reads the error the shared request helpers throw for a non-OK answer (member-and-admin §7:
 * `Error("<status>: <body>")`): the status number and the body's `message` when it is JSON.
 */
export type ApiErrorInfo = { status: number | null; message: string };

export function readApiError(error: unknown): ApiErrorInfo {
  const text = error instanceof Error ? error.message : String(error ?? '');
  const match = /^(\d{3}): ?([\s\S]*)$/.exec(text);
  if (!match) return { status: null, message: text };
  const status = Number(match[1]);
  const body = match[2] ?? '';
  try {
    const parsed: unknown = JSON.parse(body);
    if (
      parsed &&
      typeof parsed === 'object' &&
      typeof (parsed as { message?: unknown }).message === 'string'
    ) {
      return { status, message: (parsed as { message: string }).message };
    }
  } catch {
    // Not JSON: the body text is the message.
  }
  return { status, message: body };
}
