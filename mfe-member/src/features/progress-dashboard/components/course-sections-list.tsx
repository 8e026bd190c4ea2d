/**
 * 'Course Sections': one accordion row per section, 'Section n: title' with its Completed / Available /
 * Locked badge; a locked row says when it opens ('Unlocks in N days', the local date and time beside
 * it) or that it waits for the consultation; an open row, expanded, offers 'Access Section Content'.
 */
import { Link } from 'react-router-dom';
import { formatSectionHeading } from '@platform/contracts/format';
import { ButtonLink } from '@platform/ui';
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '@platform/ui/accordion';
import type { SectionView } from '../../courses/api/get-available-modules';
import { LockIcon } from '../../courses/components/lock-icon';
import { SectionStatusBadge } from '../../courses/components/section-status-badge';
import { getLockInfo, getSectionStatus } from '../../courses/lib/section-state';
import { getCurrentSectionId } from '../lib/progress-rules';

function LessonCount({ section }: { section: SectionView }) {
  return (
    <p className="text-muted-foreground">
      {section.completedLessonCount} of {section.lessonCount} lessons completed
    </p>
  );
}

export function CourseSectionsList({ sections, now }: { sections: SectionView[]; now: Date }) {
  const current = getCurrentSectionId(sections);
  return (
    <Accordion
      type="single"
      collapsible
      defaultValue={current === null ? undefined : String(current)}
      className="rounded-xl border border-border bg-card px-4 sm:px-6"
    >
      {sections.map((section, index) => {
        const status = getSectionStatus(section);
        const lock = getLockInfo(section, now);
        return (
          <AccordionItem key={section.id} value={String(section.id)} data-testid="course-section">
            <AccordionTrigger className="items-center text-base">
              <span className="flex min-w-0 flex-1 flex-col gap-1.5 sm:flex-row sm:items-center sm:justify-between sm:gap-4">
                <span className="flex items-start gap-2 font-semibold">
                  {status === 'Locked' ? (
                    <LockIcon className="mt-1 size-4 shrink-0 text-muted-foreground" />
                  ) : null}
                  <span>{formatSectionHeading(index + 1, section.title)}</span>
                </span>
                <span className="flex shrink-0 flex-wrap items-center gap-2 text-sm font-normal">
                  {lock?.kind === 'schedule' && lock.at ? (
                    <time
                      dateTime={lock.at}
                      title={`Opens ${lock.atText}`}
                      className="text-muted-foreground"
                      data-testid="unlocks-in"
                    >
                      {lock.text}
                    </time>
                  ) : lock ? (
                    <span className="text-muted-foreground">{lock.text}</span>
                  ) : null}
                  <SectionStatusBadge status={status} />
                </span>
              </span>
            </AccordionTrigger>
            <AccordionContent className="space-y-3">
              {section.description ? <p>{section.description}</p> : null}
              <LessonCount section={section} />
              {lock === null ? (
                <ButtonLink to={`/module/${section.id}`} size="sm">
                  Access Section Content
                </ButtonLink>
              ) : lock.kind === 'schedule' ? (
                <p className="text-muted-foreground">
                  {lock.atText ? `This section opens on ${lock.atText} (your local time).` : lock.text}
                </p>
              ) : lock.kind === 'blocked' ? (
                <p className="text-muted-foreground">
                  {lock.text}{' '}
                  <Link
                    to="/revenue-report"
                    className="font-medium text-primary underline underline-offset-4"
                  >
                    Report revenue
                  </Link>
                </p>
              ) : (
                <p className="text-muted-foreground">
                  This section opens once your restaurant consultation is submitted.{' '}
                  <Link to="/consultation" className="font-medium text-primary underline underline-offset-4">
                    Submit Restaurant Consultation
                  </Link>
                </p>
              )}
            </AccordionContent>
          </AccordionItem>
        );
      })}
    </Accordion>
  );
}
