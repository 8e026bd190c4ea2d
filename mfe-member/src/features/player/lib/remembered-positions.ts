/**
 * The positions this tab saved, by lesson id. Lesson reads are cached for the whole visit (the query
 * client never refetches on its own), so a player opened again in the same visit starts from what this
 * tab saved last rather than from the older cached `positionSeconds`.
 */
const positions = new Map<number, number>();

export function rememberPosition(lessonId: number, positionSeconds: number): void {
  positions.set(lessonId, positionSeconds);
}

export function getRememberedPosition(lessonId: number): number | undefined {
  return positions.get(lessonId);
}
