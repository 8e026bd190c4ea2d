/** The course service's business totals for Prometheus, read from its tables at each scrape. */
import { count } from 'drizzle-orm';
import type { BusinessMetric, ServiceDeps } from '@platform/service-kit/runtime';
import { courseEnrollments } from './db/schema.js';

export function courseMetrics({ db }: ServiceDeps): BusinessMetric[] {
  return [
    {
      name: 'course_enrolments',
      help: 'enrolments in a course (withdrawn ones included)',
      read: async () => (await db.select({ n: count() }).from(courseEnrollments))[0]?.n ?? 0,
    },
  ];
}
