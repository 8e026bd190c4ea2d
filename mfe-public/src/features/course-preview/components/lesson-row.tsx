import { Badge, cn } from '@platform/ui';
import { CircleIcon, DownloadIcon, FileTextIcon, CirclePlayIcon, PlayIcon } from 'lucide-react';
import type { PreviewLesson } from '../api/get-course-preview';
import { formatDuration } from '@platform/contracts/format';
import { isDocumentLesson } from '../lib/lesson-rules';

type LessonRowProps = {
  lesson: PreviewLesson;
  /** Free or first in its section. */
  isOpen: boolean;
  isCurrent: boolean;
  onSelect: (lesson: PreviewLesson) => void;
};

const rowClasses =
  'flex w-full items-center gap-3 rounded-lg px-3 py-3 text-left text-sm transition-colors outline-hidden focus-visible:ring-2 focus-visible:ring-ring';

function LessonTags({ lesson, isDocument }: { lesson: PreviewLesson; isDocument: boolean }) {
  return (
    <span className="ml-auto flex shrink-0 items-center gap-2">
      {isDocument ? <Badge variant="secondary">Resource</Badge> : null}
      {lesson.isFree ? <Badge variant="success">Free</Badge> : null}
      {!isDocument && lesson.durationSeconds ? (
        <span className="w-12 text-right text-xs text-muted-foreground tabular-nums">
          {formatDuration(lesson.durationSeconds)}
        </span>
      ) : null}
    </span>
  );
}

/**
 * One lesson of the outline. Open videos are buttons that play in the preview player; documents are
 * offered as a link and never played; locked lessons show an empty circle and do nothing (aria-disabled).
 */
export function LessonRow({ lesson, isOpen, isCurrent, onSelect }: LessonRowProps) {
  const isDocument = isDocumentLesson(lesson);
  const title = <span className="min-w-0 flex-1 leading-snug">{lesson.title}</span>;

  if (isDocument) {
    const href = isOpen ? lesson.videoUrl : null;
    return (
      <div
        className={cn(rowClasses, !href && 'text-muted-foreground')}
        data-lesson-state={href ? 'resource' : 'locked'}
      >
        {href ? (
          <FileTextIcon className="size-5 shrink-0 text-primary" aria-hidden="true" />
        ) : (
          <CircleIcon className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
        )}
        {title}
        {!href ? <span className="sr-only">(locked)</span> : null}
        <LessonTags lesson={lesson} isDocument />
        {href ? (
          <a
            href={href}
            target="_blank"
            rel="noopener"
            className="inline-flex shrink-0 items-center gap-1 rounded-md px-2 py-1 font-medium text-primary underline-offset-4 outline-hidden hover:underline focus-visible:ring-2 focus-visible:ring-ring"
          >
            <DownloadIcon className="size-4" aria-hidden="true" />
            Open<span className="sr-only"> {lesson.title} (opens in a new tab)</span>
          </a>
        ) : null}
      </div>
    );
  }

  if (!isOpen) {
    return (
      <button
        type="button"
        aria-disabled="true"
        data-lesson-state="locked"
        onClick={(event) => event.preventDefault()}
        className={cn(rowClasses, 'cursor-not-allowed text-muted-foreground')}
      >
        <CircleIcon className="size-5 shrink-0" aria-hidden="true" />
        {title}
        <span className="sr-only">(locked)</span>
        <LessonTags lesson={lesson} isDocument={false} />
      </button>
    );
  }

  return (
    <button
      type="button"
      data-lesson-state="open"
      aria-current={isCurrent ? 'true' : undefined}
      onClick={() => onSelect(lesson)}
      className={cn(
        rowClasses,
        'cursor-pointer hover:bg-accent hover:text-accent-foreground',
        isCurrent && 'bg-accent font-medium text-accent-foreground',
      )}
    >
      {isCurrent ? (
        <CirclePlayIcon className="size-5 shrink-0 text-primary" aria-hidden="true" />
      ) : (
        <PlayIcon className="size-5 shrink-0 text-primary" aria-hidden="true" />
      )}
      {title}
      {isCurrent ? <span className="sr-only">(now selected)</span> : null}
      <LessonTags lesson={lesson} isDocument={false} />
    </button>
  );
}
