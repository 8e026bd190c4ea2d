/**
 * How /my-consultations shows a submission (docs/behaviour/consultation-and-contact.md#my-consultations): the
 * file counts and the admin's response. Status colours, labels, order and dates come from @platform/ui.
 */

export type FileCounts = { photos: number; videos: number; documents: number };

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** '3 photos · 1 video · 0 documents' */
export function describeFileCounts({ photos, videos, documents }: FileCounts): string {
  return [
    plural(photos, 'photo', 'photos'),
    plural(videos, 'video', 'videos'),
    plural(documents, 'document', 'documents'),
  ].join(' · ');
}

/** The admin's response when there is one (blank text counts as none). */
export function getResponseText(response: string | null | undefined): string | null {
  const text = response?.trim();
  return text ? text : null;
}
