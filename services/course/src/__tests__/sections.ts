/** How many sections the seeded course has. */
export const SEEDED_SECTION_COUNT = 8;

/** One flag per section of the seeded course, in order: true for the first `count`, false for the rest. */
export function firstSections(count: number): boolean[] {
  return Array.from({ length: SEEDED_SECTION_COUNT }, (_, index) => index < count);
}
