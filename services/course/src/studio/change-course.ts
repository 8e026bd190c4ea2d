/**
 * One studio change of a course, in one transaction: the course row locked first (two changes never
 * interleave), the change, completion made true to the new outline (with the certificates it finishes), and
 * the catalogue announced again (`course.catalogue.published`), so every reader and the other services
 * follow at once.
 */
import { COURSE_NOT_FOUND_MESSAGE } from '@platform/contracts';
import type { Clock } from '@platform/service-kit/clock';
import type { Database, Transaction } from '@platform/service-kit/db';
import { AppError } from '@platform/service-kit/errors';
import type { CourseConfig } from '../config.js';
import { enqueueCataloguePublished } from '../catalogue/publish-catalogue.js';
import { reconcileCompletion } from './reconcile-completion.js';
import { lockCourse } from './studio.repository.js';

/** What a studio change needs: the site's address is printed on the certificates a change may issue. */
export interface CourseChangeDeps {
  db: Database;
  clock: Clock;
  config: Pick<CourseConfig, 'PUBLIC_BASE_URL'>;
}

export async function changeCourse<T>(
  deps: CourseChangeDeps,
  courseId: number,
  change: (tx: Transaction, now: Date) => Promise<T>,
): Promise<T> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    if (!(await lockCourse(tx, courseId))) throw new AppError('not_found', COURSE_NOT_FOUND_MESSAGE);
    const result = await change(tx, now);
    await reconcileCompletion(tx, { courseId, now, publicBaseUrl: deps.config.PUBLIC_BASE_URL });
    await enqueueCataloguePublished(tx, deps.clock);
    return result;
  });
}
