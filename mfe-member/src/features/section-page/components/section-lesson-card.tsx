/** One lesson of the section page: title, minutes, text, media, 'Lesson N of M' and 'Complete Lesson'. */
import type { MemberLesson } from '@platform/contracts';
import { formatDuration } from '@platform/contracts/format';
import { Badge, Button, Card, CardContent, CardFooter, CardHeader, CardTitle } from '@platform/ui';
import { Link } from 'react-router-dom';
import { LessonPlayer, toPlayerLesson } from '../../player/components/lesson-player';
import { getLessonPosition, splitParagraphs } from '../lib/section-rules';

type SectionLessonCardProps = {
  lesson: MemberLesson;
  index: number;
  total: number;
  onComplete: (lessonId: number) => void;
  isCompleting: boolean;
  /** What a locked lesson says instead of its content (a caller without membership: it is for members). */
  lockedText?: string;
};

export function SectionLessonCard({
  lesson,
  index,
  total,
  onComplete,
  isCompleting,
  lockedText = 'This lesson opens when its section is released.',
}: SectionLessonCardProps) {
  const headingId = `lesson-${lesson.id}-title`;
  const length = formatDuration(lesson.durationSeconds);
  return (
    <Card aria-labelledby={headingId} role="article" data-testid="section-lesson" data-lesson-id={lesson.id}>
      <CardHeader className="gap-2">
        <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          <span>{getLessonPosition(index, total)}</span>
          {length ? (
            <>
              <span aria-hidden="true">·</span>
              <span data-testid="lesson-length">{length}</span>
            </>
          ) : null}
          {lesson.completed ? <Badge variant="success">Completed</Badge> : null}
        </div>
        <CardTitle asChild>
          <h3 id={headingId} className="text-xl">
            {lesson.title}
          </h3>
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        {lesson.isLocked ? (
          <p className="text-muted-foreground">{lockedText}</p>
        ) : (
          <>
            <LessonPlayer lesson={toPlayerLesson(lesson)} />
            {splitParagraphs(lesson.content).map((paragraph, key) => (
              <p key={key} className="leading-relaxed text-foreground/90">
                {paragraph}
              </p>
            ))}
          </>
        )}
      </CardContent>
      <CardFooter className="flex-wrap justify-between gap-3">
        <Link
          to={`/lessons/${lesson.id}`}
          className="text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          Open lesson page<span className="sr-only">: {lesson.title}</span>
        </Link>
        <Button
          type="button"
          disabled={lesson.completed || lesson.isLocked || isCompleting}
          onClick={() => onComplete(lesson.id)}
          variant={lesson.completed ? 'secondary' : 'default'}
        >
          {lesson.completed ? 'Completed' : isCompleting ? 'Saving...' : 'Complete Lesson'}
        </Button>
      </CardFooter>
    </Card>
  );
}
