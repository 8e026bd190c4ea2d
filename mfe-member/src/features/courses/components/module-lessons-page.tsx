/**
 * `/modules/:moduleId`, reading A (docs/behaviour/member-learning.md#lessons-list-page;
 * docs/decisions.md, 7): the section's lessons, each with 'Start Lesson' or 'Review Lesson' (to
 * /lessons/{id}) and a 'Completed' badge, and the way back to /courses/{courseId}. A section not open yet
 * says so and when it opens. Signed-out visitors go to /login; a caller without the course sees its free
 * lessons open and the others for members ('Free Preview'); a module that does not exist shows 'Module Not
 * Found'.
 */
import { useEffect, useRef } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import type { AvailableModule, MemberLesson } from '@platform/contracts';
import { formatDuration } from '@platform/contracts/format';
import {
  ApiError,
  Badge,
  Button,
  ButtonLink,
  Card,
  SITE_NAME,
  SkeletonRows,
  toast,
  useDocumentTitle,
  useSignInGate,
} from '@platform/ui';
import { useModule, useModuleLessons } from '../api/get-module';
import { parseContentId } from '../lib/course-rules';
import { PREVIEW_SECTION_TEXT, UPGRADE_PATH, getLockInfo, getSectionStatus } from '../lib/section-state';
import { CoursePageSkeleton } from './course-page-skeleton';
import { LoadError } from './load-error';
import { LockIcon } from './lock-icon';
import { NotFoundCard } from './not-found-card';
import { SectionStatusBadge } from './section-status-badge';
import { signedOutView } from '../../../components/member-page-gate';

/** The course service's texts (contracts MEMBERSHIP_REQUIRED_MESSAGE / SECTION_LOCKED_MESSAGE). */
const MEMBERSHIP_REQUIRED = 'You need to be a paid member to access lesson content';
const SECTION_LOCKED = 'This section is not available yet';

function LessonRow({
  lesson,
  position,
  preview,
}: {
  lesson: MemberLesson;
  position: number;
  preview: boolean;
}) {
  const titleId = `lesson-${lesson.id}-title`;
  const length = formatDuration(lesson.durationSeconds);
  return (
    <li
      className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between sm:px-6"
      data-testid="lesson-row"
    >
      <div className="min-w-0 space-y-1">
        <p className="text-xs font-medium uppercase tracking-wide text-muted-foreground">Lesson {position}</p>
        <h3 id={titleId} className="flex items-start gap-2 font-semibold">
          {lesson.isLocked ? <LockIcon className="mt-1 size-4 shrink-0 text-muted-foreground" /> : null}
          <span>{lesson.title}</span>
        </h3>
        <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          {length ? <span data-testid="lesson-length">{length}</span> : null}
          {lesson.kind === 'document' ? <span>Document</span> : null}
          {lesson.completed ? <Badge variant="success">Completed</Badge> : null}
        </div>
      </div>
      {lesson.isLocked ? (
        <span className="text-sm text-muted-foreground">{preview ? 'For members' : 'Locked'}</span>
      ) : (
        <Button
          asChild
          size="sm"
          variant={lesson.completed ? 'outline' : 'default'}
          className="self-start sm:w-36 sm:self-auto"
        >
          <Link to={`/lessons/${lesson.id}`} aria-describedby={titleId}>
            {lesson.completed ? 'Review Lesson' : 'Start Lesson'}
          </Link>
        </Button>
      )}
    </li>
  );
}

/** A section previewed without membership: the free lessons play, the others are for members. */
function PreviewNotice() {
  return (
    <Card role="note" className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="space-y-1 text-sm">
        <p className="font-semibold">Free Preview</p>
        <p>{PREVIEW_SECTION_TEXT}</p>
      </div>
      <ButtonLink to={UPGRADE_PATH} size="sm" className="self-start sm:self-auto">
        Upgrade to Access
      </ButtonLink>
    </Card>
  );
}

function LockedNotice({ section }: { section: AvailableModule | null }) {
  const lock = section ? getLockInfo(section) : null;
  if (lock?.kind === 'membership') return <PreviewNotice />;
  return (
    <Card
      role="status"
      className="flex items-start gap-3 border-warning bg-warning/10 p-4"
      data-testid="section-locked"
    >
      <LockIcon className="mt-0.5 size-5 shrink-0" />
      <div className="space-y-1 text-sm">
        <p className="font-semibold">This section is locked.</p>
        {lock?.kind === 'schedule' && lock.at ? (
          <p>
            {lock.text}: it opens on <time dateTime={lock.at}>{lock.atText}</time> (your local time).
          </p>
        ) : lock?.kind === 'blocked' ? (
          <p>It opens once your revenue-share account is up to date.</p>
        ) : lock?.kind === 'consultation' ? (
          <p>
            It opens once your restaurant consultation is submitted.{' '}
            <Link to="/consultation" className="font-medium text-primary underline underline-offset-4">
              Submit Restaurant Consultation
            </Link>
          </p>
        ) : (
          <p>{SECTION_LOCKED}. A new section unlocks every day.</p>
        )}
      </div>
    </Card>
  );
}

function PageSkeleton() {
  return (
    <CoursePageSkeleton className="mx-auto w-full max-w-4xl space-y-6 px-4 py-10" testId="module-skeleton">
      <SkeletonRows count={3} className="h-20 w-full" />
    </CoursePageSkeleton>
  );
}

export function ModuleLessonsPage() {
  const params = useParams();
  const moduleId = parseContentId(params.moduleId);
  const navigate = useNavigate();
  const gate = useSignInGate();
  const { user, isLoading: userLoading } = gate;
  const enabled = user !== null && moduleId !== null;
  const section = useModule(moduleId ?? 0, enabled);
  const lessons = useModuleLessons(moduleId ?? 0, enabled);
  useDocumentTitle(`${section.data?.title ?? 'Module'} | ${SITE_NAME}`);

  const errors = [section.isError ? section.error : null, lessons.isError ? lessons.error : null].filter(
    (error): error is ApiError => error instanceof ApiError,
  );
  const lockedByServer = errors.some((error) => error.serverMessage === SECTION_LOCKED);
  const denied = errors.some((error) => error.status === 403 && error.serverMessage !== SECTION_LOCKED);
  const missing = errors.some((error) => error.status === 404 && error.serverMessage !== SECTION_LOCKED);
  const told = useRef(false);
  useEffect(() => {
    if (!denied || told.current) return;
    told.current = true;
    toast({ title: 'Membership Required', description: MEMBERSHIP_REQUIRED, variant: 'destructive' });
    navigate('/courses', { replace: true });
  }, [denied, navigate]);

  const away = signedOutView(gate, section, lessons);
  if (away !== undefined) return away;
  if (moduleId === null || missing) {
    return (
      <NotFoundCard
        title="Module Not Found"
        text="The module you're looking for doesn't exist or has been removed."
      />
    );
  }
  if (denied) return <PageSkeleton />;
  if (lockedByServer) {
    return (
      <div className="mx-auto w-full max-w-4xl space-y-6 px-4 py-10">
        <Link to="/courses" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
          ← Back to Courses
        </Link>
        <h1 className="text-3xl font-bold tracking-tight">Section Locked</h1>
        <LockedNotice section={null} />
      </div>
    );
  }
  if (section.isError || lessons.isError) {
    return (
      <div className="mx-auto w-full max-w-4xl space-y-6 px-4 py-10">
        <Link to="/courses" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
          ← Back to Courses
        </Link>
        <h1 className="text-3xl font-bold tracking-tight">Module</h1>
        <LoadError title="This module could not be loaded" reads={[section, lessons]} />
      </div>
    );
  }
  const data = section.data;
  const list = lessons.data;
  if (userLoading || !data || !list) return <PageSkeleton />;
  const status = getSectionStatus(data);
  const completed = list.filter((lesson) => lesson.completed).length;

  return (
    <div className="mx-auto w-full max-w-4xl space-y-6 px-4 py-10 sm:py-14">
      <Link
        to={`/courses/${data.courseId}`}
        className="inline-flex text-sm font-medium text-primary underline-offset-4 hover:underline"
      >
        ← Back to Course
      </Link>
      <header className="space-y-3">
        <div className="flex flex-wrap items-center gap-2">
          <SectionStatusBadge status={status} />
          <span className="text-sm text-muted-foreground">
            {completed} of {list.length} lessons completed
          </span>
        </div>
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{data.title}</h1>
        {data.description ? <p className="text-muted-foreground">{data.description}</p> : null}
      </header>

      {status === 'Locked' || status === 'Free Preview' ? <LockedNotice section={data} /> : null}

      <section aria-labelledby="module-lessons" className="space-y-4">
        <h2 id="module-lessons" className="text-2xl font-semibold tracking-tight">
          Lessons
        </h2>
        {list.length === 0 ? (
          <Card className="p-6 text-center text-muted-foreground">
            No lessons available for this module yet.
          </Card>
        ) : (
          <ol className="divide-y divide-border rounded-xl border border-border bg-card">
            {list.map((lesson, index) => (
              <LessonRow
                key={lesson.id}
                lesson={lesson}
                position={index + 1}
                preview={status === 'Free Preview'}
              />
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}
