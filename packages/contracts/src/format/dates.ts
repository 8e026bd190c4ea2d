/**
 * Dates as the pages and e-mails show them. A page passes no locale or time zone, so the reader sees their
 * own; an e-mail passes `EMAIL_DATE` (en-US, UTC), because it has no reader's clock to go by.
 */

export type DateInput = string | number | Date;

export type DateFormatOptions = {
  /** BCP 47 locale(s); none: the reader's. */
  locale?: string | readonly string[];
  /** IANA time zone; none: the reader's. */
  timeZone?: string;
};

/** How e-mails write a day ('March 1, 2030'): the same words whoever opens them, wherever. */
export const EMAIL_DATE = {
  style: 'long',
  locale: 'en-US',
  timeZone: 'UTC',
} as const satisfies DateFormatOptions & { style: DateStyle };

/**
 * `numeric` '11/16/2026' (the browser's default date), `medium` 'Nov 16, 2026',
 * `long` 'November 16, 2026' (in en-US).
 */
export type DateStyle = 'numeric' | 'medium' | 'long';

/** The instant an ISO string, epoch milliseconds or Date stands for; null when absent or not a date. */
export function parseInstant(value: DateInput | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

function format(value: DateInput, options: Intl.DateTimeFormatOptions, locale?: string | readonly string[]) {
  const date = parseInstant(value);
  // Not a date: the text as it came, rather than 'Invalid Date' or a thrown RangeError.
  if (!date) return String(value);
  return new Intl.DateTimeFormat(locale as string | string[] | undefined, options).format(date);
}

/** A day: 'Nov 16, 2026' by default; see `DateStyle`. */
export function formatDate(
  value: DateInput,
  { style = 'medium', locale, timeZone }: DateFormatOptions & { style?: DateStyle } = {},
): string {
  const fields: Intl.DateTimeFormatOptions =
    style === 'numeric' ? { year: 'numeric', month: 'numeric', day: 'numeric' } : { dateStyle: style };
  return format(value, { ...fields, timeZone }, locale);
}

/** A day and time: 'Nov 23, 2026, 3:04 PM'; without the year, 'Nov 23, 3:04 PM'. */
export function formatDateTime(
  value: DateInput,
  { withYear = true, locale, timeZone }: DateFormatOptions & { withYear?: boolean } = {},
): string {
  const fields: Intl.DateTimeFormatOptions = withYear
    ? { dateStyle: 'medium', timeStyle: 'short' }
    : { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' };
  return format(value, { ...fields, timeZone }, locale);
}

/**
 * A call's start with its zone named: 'Thursday, Dec 10, 2026, 1:00 PM MST'. Pages pass no zone (the
 * reader's); e-mails pass the zone of the person reading them.
 */
export function formatCallTime(value: DateInput, { locale, timeZone }: DateFormatOptions = {}): string {
  return format(
    value,
    {
      weekday: 'long',
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZoneName: 'short',
      timeZone,
    },
    locale,
  );
}

/** The zone's long name, 'Mountain Standard Time' at `at`, for saying which zone times are shown in. */
export function formatTimeZoneName(
  timeZone: string,
  { locale, at = new Date() }: { locale?: string; at?: Date } = {},
) {
  const part = new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'long' })
    .formatToParts(at)
    .find((piece) => piece.type === 'timeZoneName');
  return part?.value ?? timeZone;
}
