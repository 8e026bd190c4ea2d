/** The older dashboard's lesson viewer: the selected lesson's player, text and Key Takeaways. */
import type { MemberLesson } from '@platform/contracts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle, CheckList, Skeleton } from '@platform/ui';
import type { Ref } from 'react';
import { Link } from 'react-router-dom';
import { LessonPlayer, toPlayerLesson } from '../../player/components/lesson-player';

type LessonViewerProps = {
  lesson: MemberLesson | null;
  loading: boolean;
  /** Focused when the member picks a lesson, which also brings the viewer into view on a phone. */
  headingRef?: Ref<HTMLHeadingElement>;
};

export function LessonViewer({ lesson, loading, headingRef }: LessonViewerProps) {
  return (
    <section aria-labelledby="viewer-heading" data-tour="viewer" className="min-w-0">
      <Card>
        <CardHeader>
          <p className="text-sm font-medium text-primary">Lesson viewer</p>
          <CardTitle asChild>
            <h2
              id="viewer-heading"
              ref={headingRef}
              tabIndex={-1}
              className="scroll-mt-24 text-2xl outline-none"
            >
              {lesson ? lesson.title : loading ? 'Loading lesson…' : 'Choose a lesson'}
            </h2>
          </CardTitle>
          {!lesson && !loading ? (
            <CardDescription>Open a chapter on the left and pick a lesson to start learning.</CardDescription>
          ) : null}
        </CardHeader>
        <CardContent className="space-y-6">
          {lesson ? (
            <>
              <LessonPlayer lesson={toPlayerLesson(lesson)} />
              {lesson.content ? <p className="leading-relaxed text-foreground/90">{lesson.content}</p> : null}
              {lesson.keyPoints.length > 0 ? (
                <div className="rounded-lg bg-muted/60 p-4">
                  <h3 className="mb-2 font-semibold">Key Takeaways</h3>
                  <CheckList items={lesson.keyPoints} itemClassName="text-sm" />
                </div>
              ) : null}
              <Link
                to={`/lessons/${lesson.id}`}
                className="inline-block text-sm font-medium text-primary underline-offset-4 hover:underline"
              >
                Open the full lesson page
              </Link>
            </>
          ) : loading ? (
            <Skeleton className="aspect-video w-full" />
          ) : null}
        </CardContent>
      </Card>
    </section>
  );
}
