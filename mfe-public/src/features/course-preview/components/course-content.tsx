import { useState } from 'react';
import { formatDuration, isPlaceholderSectionTitle, totalDurationSeconds } from '@platform/contracts/format';
import { Badge, Button, HydrateLater, RENDERED_WHEN_NEAR, cn, pressRegion } from '@platform/ui';
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '@platform/ui/accordion';
import type { PreviewLesson, PreviewSection } from '../api/get-course-preview';
import { isLessonOpen } from '../lib/lesson-rules';
import { LessonRow } from './lesson-row';

type CourseContentProps = {
  sections: readonly PreviewSection[];
  sectionCount: number;
  lessonCount: number;
  currentLessonId: number | null;
  onSelectLesson: (lesson: PreviewLesson) => void;
};

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

const sectionKey = (section: PreviewSection) => `section-${section.id}`;

const COURSE_CONTENT_ID = 'course-content';

/** 'Course content': section and lecture counts from the catalogue, one card per section. */
export function CourseContent({
  sections,
  sectionCount,
  lessonCount,
  currentLessonId,
  onSelectLesson,
}: CourseContentProps) {
  const ordered = [...sections].sort((a, b) => a.orderIndex - b.orderIndex);
  const [open, setOpen] = useState<string[]>(() => (ordered[0] ? [sectionKey(ordered[0])] : []));
  const allOpen = open.length === ordered.length;
  // The lengths the media gave, added up; none shown when none is known.
  const total = formatDuration(totalDurationSeconds(ordered.flatMap((section) => section.lessons)));

  return (
    // Below the first screen: drawn and hydrated as it nears the view (docs/decisions.md, 115). The box
    // reaches a little past the cards (negative margins, equal padding) so their shadows are not clipped.
    <section
      {...pressRegion(COURSE_CONTENT_ID)}
      aria-labelledby="course-content-heading"
      className={cn('-mx-1 -mb-1 space-y-4 px-1 pb-1', RENDERED_WHEN_NEAR)}
    >
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="course-content-heading" className="text-2xl font-bold tracking-tight">
            Course content
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">
            {plural(sectionCount, 'section')} • {plural(lessonCount, 'lecture')}
            {total ? ` • ${total} total length` : ''}
          </p>
        </div>
        <Button
          variant="link"
          className="h-auto px-0"
          onClick={() => setOpen(allOpen ? [] : ordered.map(sectionKey))}
        >
          {allOpen ? 'Collapse all sections' : 'Expand all sections'}
        </Button>
      </div>

      <Accordion type="multiple" value={open} onValueChange={setOpen} className="space-y-3">
        {ordered.map((section, index) => {
          const lessons = [...section.lessons].sort((a, b) => a.orderIndex - b.orderIndex);
          const length = formatDuration(totalDurationSeconds(lessons));
          return (
            // Each section hydrates in a task of its own on the first view (docs/decisions.md, 101), once
            // the outline nears the screen (docs/decisions.md, 115).
            <HydrateLater key={section.id} near={COURSE_CONTENT_ID}>
              <AccordionItem
                value={sectionKey(section)}
                className="rounded-xl border border-border bg-card shadow-sm last:border-b"
              >
                <AccordionTrigger className="px-4 py-4 hover:no-underline sm:px-5 [&>svg]:mt-1">
                  {/* A section without a real title is called 'Section N' once, as its title. */}
                  {isPlaceholderSectionTitle(index + 1, section.title) ? (
                    <span className="text-base font-semibold text-foreground">Section {index + 1}</span>
                  ) : (
                    <span className="flex min-w-0 flex-col gap-1">
                      <span className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
                        Section {index + 1}
                      </span>
                      <span className="text-base font-semibold text-foreground">{section.title}</span>
                    </span>
                  )}
                </AccordionTrigger>
                <div className="-mt-2 space-y-2 px-4 pb-4 sm:px-5">
                  {section.description ? (
                    <p className="text-sm text-muted-foreground">{section.description}</p>
                  ) : null}
                  <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
                    <span>{plural(section.lessonCount, 'lecture')}</span>
                    {length ? <span aria-hidden="true">•</span> : null}
                    {length ? <span>{length}</span> : null}
                    {index === 0 ? <Badge variant="success">FREE TO WATCH</Badge> : null}
                  </div>
                </div>
                <AccordionContent className="border-t border-border px-1 pt-1 pb-1 sm:px-2">
                  <ul className="divide-y divide-border/70">
                    {lessons.map((lesson) => (
                      <li key={lesson.id}>
                        <LessonRow
                          lesson={lesson}
                          isOpen={isLessonOpen(section, lesson) && lesson.videoUrl !== null}
                          isCurrent={lesson.id === currentLessonId}
                          onSelect={onSelectLesson}
                        />
                      </li>
                    ))}
                  </ul>
                </AccordionContent>
              </AccordionItem>
            </HydrateLater>
          );
        })}
      </Accordion>
    </section>
  );
}
