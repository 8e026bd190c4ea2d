/**
 * `/lessons/:lessonId` (docs/behaviour/member-learning.md#lesson-page): 'Back to Module' to
 * /modules/{moduleId}, the title, the player, the content as rich text, the key takeaways and 'Mark as
 * Completed' ('Saving...' while pending, then 'Completed', disabled). Missing, inaccessible or failed →
 * 'Lesson Not Found'; signed-out → /login; non-member → /courses with the 'Membership Required' toast.
 */
import type { MemberLesson } from '@platform/contracts';
import {
  Badge,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  CheckList,
  Skeleton,
  toast,
  useDocumentTitle,
  useSignInGate,
} from '@platform/ui';
import { formatDate } from '@platform/contracts/format';
import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { Link, Navigate, useParams } from 'react-router-dom';
import { LessonPlayer, getCaptionsUrl } from '../../player/components/lesson-player';
import { useLesson } from '../api/get-lesson';
import { useMarkLessonCompleted } from '../api/mark-lesson-completed';
import { MEMBERSHIP_REQUIRED_TEXT, isMembershipRequired } from '../lib/lesson-errors';
import { RichText } from './rich-text';

const TITLE_SUFFIX = 'Restaurant Consultancy Course';

function PageShell({ children }: { children: ReactNode }) {
  return <div className="mx-auto w-full max-w-4xl px-4 py-8 sm:py-12">{children}</div>;
}

function MembershipRequired() {
  useEffect(() => {
    toast({ variant: 'destructive', title: 'Membership Required', description: MEMBERSHIP_REQUIRED_TEXT });
  }, []);
  return <Navigate to="/courses" replace />;
}

function LessonNotFound() {
  useDocumentTitle(`Lesson Not Found | ${TITLE_SUFFIX}`);
  return (
    <PageShell>
      <Card className="mx-auto max-w-lg text-center">
        <CardHeader className="items-center">
          <CardTitle asChild>
            <h1 className="text-2xl">Lesson Not Found</h1>
          </CardTitle>
          <CardDescription>
            This lesson does not exist, is not open to you yet, or could not be loaded.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Button asChild>
            <Link to="/courses">Back to Courses</Link>
          </Button>
        </CardContent>
      </Card>
    </PageShell>
  );
}

function LessonSkeleton() {
  return (
    <PageShell>
      <div aria-busy="true" className="space-y-4">
        <p role="status" className="sr-only">
          Loading lesson…
        </p>
        <Skeleton className="h-4 w-32" />
        <Skeleton className="h-9 w-2/3" />
        <Skeleton className="aspect-video w-full" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-5/6" />
      </div>
    </PageShell>
  );
}

export function LessonPage() {
  const { lessonId = '' } = useParams();
  const { user, redirectToLogin, signedOutHere } = useSignInGate();
  // The client's check is for display only; the server answers 403 to anyone without the course.
  const mayRead = user !== null && (user.isMember === true || user.role === 'admin');
  const lesson = useLesson(lessonId, mayRead);

  if (redirectToLogin) return <Navigate to="/login" replace />;
  if (signedOutHere) return null; // signing out here: the logout flow goes to /
  if (user && !mayRead) return <MembershipRequired />;
  if (lesson.data === null && !lesson.isFetching) return <Navigate to="/login" replace />;
  if (isMembershipRequired(lesson.error)) return <MembershipRequired />;
  if (lesson.isError) return <LessonNotFound />;
  if (!lesson.data) return <LessonSkeleton />;
  return <LessonView lessonId={lessonId} lesson={lesson.data} />;
}

function LessonView({ lessonId, lesson }: { lessonId: string; lesson: MemberLesson }) {
  useDocumentTitle(`${lesson.title} | ${TITLE_SUFFIX}`);
  const markCompleted = useMarkLessonCompleted(lessonId);
  const completed = lesson.completed;

  return (
    <PageShell>
      <Link
        to={`/modules/${lesson.moduleId}`}
        className="inline-flex items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline"
      >
        <span aria-hidden="true">←</span> Back to Module
      </Link>

      <article aria-labelledby="lesson-title" className="mt-4 space-y-8">
        <header className="space-y-2">
          <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
            {lesson.duration > 0 ? <span>{Math.round(lesson.duration * 10) / 10} min</span> : null}
            {completed ? <Badge variant="success">Completed</Badge> : null}
          </div>
          <h1 id="lesson-title" className="text-3xl font-bold tracking-tight sm:text-4xl">
            {lesson.title}
          </h1>
        </header>

        <LessonPlayer
          lesson={{
            id: lesson.id,
            title: lesson.title,
            videoUrl: lesson.videoUrl,
            positionSeconds: lesson.positionSeconds,
            captionsUrl: getCaptionsUrl(lesson),
          }}
        />

        <RichText content={lesson.content} />

        {lesson.keyPoints.length > 0 ? (
          <section aria-labelledby="key-takeaways">
            <Card>
              <CardHeader>
                <CardTitle asChild>
                  <h2 id="key-takeaways" className="text-xl">
                    Key Takeaways
                  </h2>
                </CardTitle>
              </CardHeader>
              <CardContent>
                <CheckList items={lesson.keyPoints} />
              </CardContent>
            </Card>
          </section>
        ) : null}

        <div className="flex flex-wrap items-center gap-3 border-t border-border pt-6">
          <Button
            type="button"
            size="lg"
            variant={completed ? 'secondary' : 'default'}
            disabled={completed || markCompleted.isPending}
            onClick={() => markCompleted.mutate()}
          >
            {completed ? 'Completed' : markCompleted.isPending ? 'Saving...' : 'Mark as Completed'}
          </Button>
          {completed && lesson.completedAt ? (
            <p className="text-sm text-muted-foreground">
              Completed on {formatDate(lesson.completedAt, { style: 'numeric' })}
            </p>
          ) : null}
        </div>
      </article>
    </PageShell>
  );
}
