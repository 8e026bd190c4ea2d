/**
 * `/lessons/:lessonId` (docs/behaviour/member-learning.md#lesson-page): 'Back to Module' to
 * /modules/{moduleId}, the title, the player, the content as rich text, the key takeaways, 'Mark as
 * Completed' ('Saving...' while pending, then 'Completed', disabled) and the previous and next lessons.
 * A lesson not open yet says when it opens, with the way back; missing or failed → 'Lesson Not Found';
 * signed-out → /login. Without membership the free lessons open as on `/` and the others say they are for
 * members; a course the caller cannot see at all → /courses with the 'Membership Required' toast.
 */
import type { LessonNavigation, MemberLesson } from '@platform/contracts';
import {
  Badge,
  Button,
  ButtonLink,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  useDocumentTitle,
  useSignInGate,
} from '@platform/ui';
import { formatDate, formatDuration, formatSectionHeading } from '@platform/contracts/format';
import { useParams } from 'react-router-dom';
import {
  KeyPointsCard,
  StudyBackLink,
  StudyNotFound,
  StudyPageShell,
  StudyPageSkeleton,
} from '../../../components/study-page';
import { LockIcon } from '../../courses/components/lock-icon';
import { UPGRADE_PATH } from '../../courses/lib/section-state';
import { LessonQuestions } from '../../lesson-questions/components/lesson-questions';
import { LessonPlayer, toPlayerLesson } from '../../player/components/lesson-player';
import { useLesson } from '../api/get-lesson';
import { useLessonNavigation } from '../api/get-lesson-navigation';
import { useMarkLessonCompleted } from '../api/mark-lesson-completed';
import { isLessonLocked, isMembershipRequired } from '../lib/lesson-errors';
import { getLockedLessonNotice } from '../lib/lesson-stops';
import { LessonPager } from './lesson-pager';
import { RichText } from './rich-text';
import { MembershipRequiredRedirect } from '../../../components/membership-required-redirect';
import { signedOutView } from '../../../components/member-page-gate';

const TITLE_SUFFIX = 'Restaurant Consultancy Course';

function LessonNotFound() {
  useDocumentTitle(`Lesson Not Found | ${TITLE_SUFFIX}`);
  return (
    <StudyNotFound
      title="Lesson Not Found"
      description="This lesson does not exist, is not open to you yet, or could not be loaded."
      backTo="/courses"
      backLabel="Back to Courses"
    />
  );
}

/** A lesson whose section is not released to the member yet: when it opens, and the ways back. */
function LessonLocked({ navigation }: { navigation: LessonNavigation | null }) {
  useDocumentTitle(`Lesson Locked | ${TITLE_SUFFIX}`);
  const stop = navigation?.lesson ?? null;
  const waitsForConsultation = stop?.lockedReason === 'consultation';
  const forMembers = stop?.lockedReason === 'membership';
  return (
    <StudyPageShell>
      {navigation ? (
        <StudyBackLink to={`/modules/${navigation.section.id}`}>Back to Module</StudyBackLink>
      ) : null}
      <Card className="mt-4 border-dashed" data-testid="lesson-locked">
        <CardHeader className="gap-3">
          <p className="flex items-center gap-2 text-sm font-semibold text-muted-foreground">
            <LockIcon className="size-4" />
            {navigation
              ? `Locked · ${formatSectionHeading(navigation.section.number, navigation.section.title)}`
              : 'Locked'}
          </p>
          <CardTitle asChild>
            <h1 className="text-2xl sm:text-3xl">{stop?.title ?? 'This lesson is locked'}</h1>
          </CardTitle>
          <CardDescription className="text-base text-foreground" data-testid="lesson-opens">
            {stop ? (
              stop.lockedReason === 'schedule' && stop.unlockDate ? (
                <time dateTime={stop.unlockDate}>{getLockedLessonNotice(stop)}</time>
              ) : (
                getLockedLessonNotice(stop)
              )
            ) : (
              'This lesson is not open to you yet.'
            )}
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-wrap gap-3">
          {waitsForConsultation ? (
            <ButtonLink to="/consultation">Submit Restaurant Consultation</ButtonLink>
          ) : null}
          {forMembers ? <ButtonLink to={UPGRADE_PATH}>Upgrade to Access</ButtonLink> : null}
          {navigation ? (
            <ButtonLink
              to={`/modules/${navigation.section.id}`}
              variant={waitsForConsultation || forMembers ? 'outline' : 'default'}
            >
              Back to Section {navigation.section.number}
            </ButtonLink>
          ) : null}
          {forMembers ? null : (
            <ButtonLink to="/dashboard" variant="outline">
              Back to Dashboard
            </ButtonLink>
          )}
        </CardContent>
      </Card>
      {navigation ? (
        <div className="mt-8">
          <LessonPager navigation={navigation} />
        </div>
      ) : null}
    </StudyPageShell>
  );
}

const LESSON_SKELETON_BARS = ['h-4 w-32', 'h-9 w-2/3', 'aspect-video w-full', 'h-4 w-full', 'h-4 w-5/6'];

function LessonSkeleton() {
  return <StudyPageSkeleton status="Loading lesson…" bars={LESSON_SKELETON_BARS} />;
}

export function LessonPage() {
  const { lessonId = '' } = useParams();
  const gate = useSignInGate();
  const { user } = gate;
  // Any signed-in account: without membership the server opens the lessons a visitor opens on `/` and
  // refuses the others (docs/behaviour/member-learning.md#free-lessons-without-membership).
  const mayRead = user !== null;
  const lesson = useLesson(lessonId, mayRead);
  // Where the lesson sits (its neighbours, and when it opens if locked): asked alongside, never its content.
  const navigation = useLessonNavigation(lessonId, mayRead);

  const away = signedOutView(gate, lesson);
  if (away !== undefined) return away;
  if (isMembershipRequired(lesson.error)) {
    // A lesson of the course for members only: shown as such, with its neighbours; no course at all: away.
    if (navigation.isPending) return <LessonSkeleton />;
    if (navigation.data?.lesson.lockedReason !== 'membership') return <MembershipRequiredRedirect />;
    return <LessonLocked navigation={navigation.data} />;
  }
  if (isLessonLocked(lesson.error)) {
    if (navigation.isPending) return <LessonSkeleton />;
    return <LessonLocked navigation={navigation.data ?? null} />;
  }
  if (lesson.isError) return <LessonNotFound />;
  if (!lesson.data) return <LessonSkeleton />;
  // Keyed: moving to the next lesson starts its player and buttons afresh.
  return (
    <LessonView
      key={lessonId}
      lessonId={lessonId}
      lesson={lesson.data}
      navigation={navigation.data ?? null}
    />
  );
}

function LessonView({
  lessonId,
  lesson,
  navigation,
}: {
  lessonId: string;
  lesson: MemberLesson;
  navigation: LessonNavigation | null;
}) {
  useDocumentTitle(`${lesson.title} | ${TITLE_SUFFIX}`);
  const markCompleted = useMarkLessonCompleted(lessonId);
  const completed = lesson.completed;

  return (
    <StudyPageShell>
      <StudyBackLink to={`/modules/${lesson.moduleId}`}>Back to Module</StudyBackLink>

      <article aria-labelledby="lesson-title" className="mt-4 space-y-8">
        <header className="space-y-2">
          <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
            {lesson.durationSeconds ? (
              <span data-testid="lesson-length">{formatDuration(lesson.durationSeconds)}</span>
            ) : null}
            {completed ? <Badge variant="success">Completed</Badge> : null}
          </div>
          <h1 id="lesson-title" className="text-3xl font-bold tracking-tight sm:text-4xl">
            {lesson.title}
          </h1>
        </header>

        <LessonPlayer lesson={toPlayerLesson(lesson)} />

        <RichText content={lesson.content} />

        {lesson.keyPoints.length > 0 ? (
          <section aria-labelledby="key-takeaways">
            <KeyPointsCard id="key-takeaways" title="Key Takeaways" items={lesson.keyPoints} />
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

        {navigation ? <LessonPager navigation={navigation} /> : null}

        <LessonQuestions lessonId={lessonId} />
      </article>
    </StudyPageShell>
  );
}
