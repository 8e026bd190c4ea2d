/**
 * A course's sections on /courses/:id: 'Section n: title' linking to its lessons (/modules/{id}; the
 * whole row answers the click), its badge, its lesson progress, and when a locked one opens (local date
 * and time) or that it waits for the consultation.
 */
import { formatSectionHeading } from '@platform/contracts/format';
import { Link } from 'react-router-dom';
import type { SectionView } from '../api/get-available-modules';
import { getLockInfo, getSectionStatus } from '../lib/section-state';
import { LockIcon } from './lock-icon';
import { SectionStatusBadge } from './section-status-badge';

export function CourseSectionRows({ sections, now }: { sections: SectionView[]; now: Date }) {
  return (
    <ol className="divide-y divide-border rounded-xl border border-border bg-card">
      {sections.map((section, index) => {
        const status = getSectionStatus(section);
        const lock = getLockInfo(section, now);
        return (
          <li
            key={section.id}
            className="relative flex flex-col gap-2 p-4 transition-colors hover:bg-muted/50 sm:flex-row sm:items-center sm:justify-between sm:gap-4 sm:px-6"
            data-testid="course-section"
          >
            <div className="min-w-0 space-y-1">
              <h3 className="flex items-start gap-2 font-semibold">
                {status === 'Locked' ? (
                  <LockIcon className="mt-1 size-4 shrink-0 text-muted-foreground" />
                ) : null}
                <Link
                  to={`/modules/${section.id}`}
                  className="underline-offset-4 after:absolute after:inset-0 after:content-[''] hover:underline focus-visible:underline"
                >
                  {formatSectionHeading(index + 1, section.title)}
                </Link>
              </h3>
              <p className="text-sm text-muted-foreground">
                {section.completedLessonCount} of {section.lessonCount} lessons completed
              </p>
              {lock?.kind === 'schedule' ? (
                <p className="text-sm text-muted-foreground">
                  <span data-testid="unlocks-in">{lock.text}</span>
                  {lock.at && lock.atText ? (
                    <>
                      {' '}
                      · opens <time dateTime={lock.at}>{lock.atText}</time>
                    </>
                  ) : null}
                </p>
              ) : lock?.kind === 'blocked' ? (
                <p className="text-sm text-muted-foreground">{lock.text}.</p>
              ) : lock ? (
                <p className="text-sm text-muted-foreground">
                  {lock.text}.{' '}
                  <Link
                    to="/consultation"
                    className="relative z-10 font-medium text-primary underline underline-offset-4"
                  >
                    Submit Restaurant Consultation
                  </Link>
                </p>
              ) : null}
            </div>
            <SectionStatusBadge status={status} />
          </li>
        );
      })}
    </ol>
  );
}
