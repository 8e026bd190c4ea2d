/**
 * How pages name a section (docs/behaviour/member-learning.md#section-names): 'Section 3: Menu and Music',
 * and a section that has no real title (none, or the default 'Section 3' the studio gives it) once:
 * 'Section 3', never 'Section 3: Section 3'.
 */

/** Whether `title` says nothing beyond the section's number: empty, or 'Section N' for its own N. */
export function isPlaceholderSectionTitle(number: number, title: string | null | undefined): boolean {
  const text = (title ?? '').trim().replace(/\s+/g, ' ');
  return text === '' || text.toLowerCase() === `section ${number}`;
}

/** The section's own title, or null when it has none beyond its number. */
export function sectionTitleOf(number: number, title: string | null | undefined): string | null {
  return isPlaceholderSectionTitle(number, title) ? null : (title ?? '').trim();
}

/** 'Section 3: Menu and Music'; 'Section 3' for a section without a real title. */
export function formatSectionHeading(number: number, title: string | null | undefined): string {
  const own = sectionTitleOf(number, title);
  return own === null ? `Section ${number}` : `Section ${number}: ${own}`;
}

/**
 * A length as every page writes it (docs/behaviour/member-learning.md#lesson-lengths): 'm:ss' ('0:12',
 * '7:05'), 'h:mm:ss' from an hour ('1:02:03'); null when not known (null, 0 or not a number), so a page
 * shows nothing rather than a made-up length.
 */
export function formatDuration(seconds: number | null | undefined): string | null {
  if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds <= 0) return null;
  const total = Math.max(1, Math.round(seconds));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const rest = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
}

/** The known lengths added up (a section's, the course's); null when none is known. */
export function totalDurationSeconds(items: readonly { durationSeconds: number | null }[]): number | null {
  const known = items.filter((item) => item.durationSeconds !== null && item.durationSeconds > 0);
  return known.length === 0 ? null : known.reduce((sum, item) => sum + item.durationSeconds!, 0);
}
