/** The fields the course answers (preview, studio, member learning) describe lessons and sections with. */
import { z } from 'zod';

/** A lesson's length, in every answer that carries one. */
export const lessonLengthFields = {
  /** The same length in minutes (`durationSeconds` / 60), 0 when not known. */
  duration: z.number().nonnegative(),
  /**
   * The media's length in whole seconds, as measured (a shipped sample's, a transcoded upload's); null when
   * not known (a link, a document, an upload not transcoded yet). The one length pages show, written with
   * `formatDuration` (docs/behaviour/member-learning.md#lesson-lengths).
   */
  durationSeconds: z.number().int().positive().nullable(),
};

/** A section as stored: the studio's and the member's section answers start with these. */
export const storedSectionFields = {
  id: z.number().int().positive(),
  courseId: z.number().int().positive(),
  title: z.string(),
  description: z.string(),
  orderIndex: z.number().int(),
  availableAfterDays: z.number().int().nonnegative(),
};
