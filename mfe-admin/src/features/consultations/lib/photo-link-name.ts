/** The accessible name of a photo thumbnail's link on the admin page: never empty, whatever the file is called. */

/** 'Photo 2 of 5: patio.jpg (opens full size in a new tab)'; without a file name, 'Photo 2 of 5 (…)'. */
export function photoLinkName(index: number, count: number, fileName: string): string {
  const name = fileName.trim();
  return `Photo ${index + 1} of ${count}${name ? `: ${name}` : ''} (opens full size in a new tab)`;
}
