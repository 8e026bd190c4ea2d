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
