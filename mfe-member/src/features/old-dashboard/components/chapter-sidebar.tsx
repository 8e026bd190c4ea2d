/** The older dashboard's chapters: the course's real sections, locked ones marked, expanding into lessons. */
import type { AvailableModule, MemberLesson } from '@platform/contracts';
import { formatDuration } from '@platform/contracts/format';
import { Badge, LoadingList, cn } from '@platform/ui';
import { StrokeIcon } from '../../../components/stroke-icon';
import { useChapterLessons } from '../api/get-old-dashboard-data';
import { getChapterLabel, getChapterState, getUnlockLine } from '../lib/old-dashboard-rules';

function LockIcon() {
  return (
    <StrokeIcon viewBox="0 0 16 16" strokeWidth="1.75" className="size-3">
      <rect x="3" y="7" width="10" height="7" rx="1.5" />
      <path d="M5.5 7V5a2.5 2.5 0 0 1 5 0v2" />
    </StrokeIcon>
  );
}

type ChapterSidebarProps = {
  chapters: AvailableModule[] | undefined;
  loading: boolean;
  expandedId: number | null;
  onToggle: (chapterId: number) => void;
  selectedLessonId: number | null;
  onSelectLesson: (lesson: MemberLesson) => void;
};

export function ChapterSidebar(props: ChapterSidebarProps) {
  const { chapters, loading, expandedId, onToggle } = props;
  return (
    <nav
      aria-labelledby="chapters-heading"
      data-tour="chapters"
      className="rounded-xl border border-border bg-card p-4"
    >
      <h2 id="chapters-heading" className="mb-3 text-lg font-semibold">
        Course Chapters
      </h2>
      {loading ? (
        <LoadingList label="Loading chapters…" rows={4} rowHeight="h-12" />
      ) : !chapters || chapters.length === 0 ? (
        <p className="text-sm text-muted-foreground">No chapters are available yet. Check back soon.</p>
      ) : (
        <ul className="space-y-2">
          {chapters.map((chapter, index) => (
            <ChapterItem
              key={chapter.id}
              chapter={chapter}
              index={index}
              expanded={expandedId === chapter.id}
              onToggle={() => onToggle(chapter.id)}
              selectedLessonId={props.selectedLessonId}
              onSelectLesson={props.onSelectLesson}
            />
          ))}
        </ul>
      )}
    </nav>
  );
}

type ChapterItemProps = {
  chapter: AvailableModule;
  index: number;
  expanded: boolean;
  onToggle: () => void;
  selectedLessonId: number | null;
  onSelectLesson: (lesson: MemberLesson) => void;
};

function ChapterItem({
  chapter,
  index,
  expanded,
  onToggle,
  selectedLessonId,
  onSelectLesson,
}: ChapterItemProps) {
  const state = getChapterState(chapter);
  const open = state !== 'Locked';
  const lessons = useChapterLessons(chapter.id, open && expanded);
  const panelId = `chapter-${chapter.id}-lessons`;
  return (
    <li className="rounded-lg border border-border" data-testid="chapter">
      <button
        type="button"
        aria-expanded={expanded}
        aria-controls={panelId}
        onClick={onToggle}
        className="flex w-full items-start justify-between gap-3 rounded-lg p-3 text-left hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      >
        <span className="min-w-0">
          <span className="block font-medium">{getChapterLabel(index, chapter.title)}</span>
          <span className="block text-xs text-muted-foreground">
            {open
              ? `${chapter.completedLessonCount}/${chapter.lessonCount} lessons done`
              : getUnlockLine(chapter)}
          </span>
        </span>
        <Badge variant={state === 'Completed' ? 'success' : state === 'Available' ? 'outline' : 'secondary'}>
          {state === 'Locked' ? (
            <>
              <LockIcon /> Locked
            </>
          ) : (
            state
          )}
        </Badge>
      </button>
      <div id={panelId} hidden={!expanded} className="border-t border-border p-2">
        {!open ? (
          <p className="p-2 text-sm text-muted-foreground">
            This chapter is locked. {getUnlockLine(chapter)}.
          </p>
        ) : lessons.isPending ? (
          <p role="status" className="p-2 text-sm text-muted-foreground">
            Loading lessons...
          </p>
        ) : lessons.isError || !lessons.data ? (
          <p role="alert" className="p-2 text-sm text-destructive">
            The lessons could not be loaded.
          </p>
        ) : lessons.data.length === 0 ? (
          <p className="p-2 text-sm text-muted-foreground">No lessons in this chapter yet.</p>
        ) : (
          <ul className="space-y-1">
            {lessons.data.map((lesson) => (
              <li key={lesson.id}>
                <button
                  type="button"
                  aria-current={selectedLessonId === lesson.id ? 'true' : undefined}
                  disabled={lesson.isLocked}
                  onClick={() => onSelectLesson(lesson)}
                  className={cn(
                    'flex w-full items-center justify-between gap-2 rounded-md px-2 py-2 text-left text-sm hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none disabled:opacity-60',
                    selectedLessonId === lesson.id && 'bg-accent font-medium text-accent-foreground',
                  )}
                >
                  <span className="min-w-0">
                    {lesson.completed ? (
                      <span className="text-success" aria-hidden="true">
                        ✓{' '}
                      </span>
                    ) : null}
                    {lesson.title}
                    {lesson.completed ? <span className="sr-only"> (completed)</span> : null}
                  </span>
                  {lesson.durationSeconds ? (
                    <span className="shrink-0 text-xs text-muted-foreground">
                      {formatDuration(lesson.durationSeconds)}
                    </span>
                  ) : null}
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </li>
  );
}
