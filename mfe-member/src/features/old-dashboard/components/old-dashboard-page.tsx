/**
 * `/old-dashboard`, the older member dashboard (docs/behaviour/member-learning.md#older-dashboard;
 * docs/decisions.md, 6): a welcome header with the first name and Log out, a start-your-journey tip, progress
 * cards (Overall Progress and Time Invested fixed at 0 by the spec), the chapters sidebar (the course's real
 * sections) and a lesson viewer, and the guided tour on the first visit. Non-members see 'Course Access
 * Required'; signed-out visitors 'Access Required' with a log-in link to /api/login.
 */
import type { MemberLesson } from '@platform/contracts';
import {
  Button,
  ButtonLink,
  Card,
  CardDescription,
  CardHeader,
  LoadingPlaceholder,
  LogOutButton,
  NoticeCard,
  SITE_NAME,
  Skeleton,
  TitledCard,
  useAuth,
  useDocumentTitle,
  welcome,
} from '@platform/ui';
import { Progress } from '@platform/ui/upload-progress';
import { useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useChapterLessons, useChapters, useDashboardCourses } from '../api/get-old-dashboard-data';
import { getProgressCards, pickDashboardCourse, sortChapters } from '../lib/old-dashboard-rules';
import { ChapterSidebar } from './chapter-sidebar';
import { LessonViewer } from './lesson-viewer';
import { useDashboardTour } from './use-dashboard-tour';

function PageShell({ children }: { children: ReactNode }) {
  return <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:py-12">{children}</div>;
}

function AccessCard({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <PageShell>
      <NoticeCard
        className="mx-auto max-w-lg"
        title={title}
        description={description}
        descriptionClassName="text-base"
        contentClassName="flex flex-wrap justify-center gap-3"
      >
        {children}
      </NoticeCard>
    </PageShell>
  );
}

export function OldDashboardPage() {
  useDocumentTitle(`Dashboard | ${SITE_NAME}`);
  const { user, isLoading } = useAuth();
  const isAdmin = user?.role === 'admin';
  const mayLearn = user !== null && (user.isMember === true || isAdmin);
  const courses = useDashboardCourses(mayLearn);

  if (isLoading) {
    return (
      <PageShell>
        <LoadingPlaceholder className="space-y-4">
          <Skeleton className="h-9 w-72" />
          <Skeleton className="h-24 w-full" />
        </LoadingPlaceholder>
      </PageShell>
    );
  }
  if (!user || courses.data === null) {
    return (
      <AccessCard title="Access Required" description="Please log in to access your course dashboard.">
        <Button asChild>
          <a href="/api/login">Log In</a>
        </Button>
      </AccessCard>
    );
  }
  const course = pickDashboardCourse(courses.data, isAdmin);
  if (!mayLearn || (courses.isSuccess && !course)) {
    return (
      <AccessCard
        title="Course Access Required"
        description="You need an active course membership to access the dashboard. Purchase the course to get started."
      >
        <ButtonLink to="/services">View Services</ButtonLink>
        <ButtonLink to="/" variant="outline">
          Back to Home
        </ButtonLink>
      </AccessCard>
    );
  }
  return (
    <MemberDashboard
      greeting={welcome(user, user.firstName || 'Member')}
      courseId={course?.id}
      coursesFailed={courses.isError}
    />
  );
}

/** One of the progress cards: its label, its figure and, below, anything else it shows. */
function ProgressFigure({
  label,
  testId,
  value,
  children,
}: {
  label: string;
  testId: string;
  value: string;
  children?: ReactNode;
}) {
  return (
    <Card>
      <CardHeader className="gap-2">
        <CardDescription>{label}</CardDescription>
        <p className="text-3xl font-bold" data-testid={testId}>
          {value}
        </p>
        {children}
      </CardHeader>
    </Card>
  );
}

function MemberDashboard({
  greeting,
  courseId,
  coursesFailed,
}: {
  greeting: string;
  courseId: number | undefined;
  coursesFailed: boolean;
}) {
  const chapters = useChapters(courseId);
  const ordered = chapters.data ? sortChapters(chapters.data) : undefined;
  const firstOpen = ordered?.find((chapter) => chapter.isAvailable || chapter.isCompleted);
  const [expandedId, setExpandedId] = useState<number | null | undefined>(undefined);
  const [selected, setSelected] = useState<MemberLesson | null>(null);
  const viewerHeading = useRef<HTMLHeadingElement>(null);
  // Until the member chooses, the first open chapter is expanded and its first lesson shown.
  const expanded = expandedId === undefined ? (firstOpen?.id ?? null) : expandedId;
  const firstLessons = useChapterLessons(firstOpen?.id ?? 0, firstOpen !== undefined && selected === null);
  const lesson = selected ?? firstLessons.data?.find((item) => !item.isLocked) ?? null;
  const cards = getProgressCards(ordered);
  const loadingChapters = courseId === undefined ? !coursesFailed : chapters.isPending;

  useDashboardTour(true);

  return (
    <PageShell>
      <header
        data-tour="welcome"
        className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between"
      >
        <div className="space-y-2">
          <h1 className="text-3xl font-bold tracking-tight">{greeting}</h1>
          <p className="text-muted-foreground">Your restaurant transformation continues here.</p>
        </div>
        <LogOutButton />
      </header>

      <aside
        aria-label="Tip"
        className="mt-6 rounded-xl border border-primary/30 bg-primary/5 p-4 text-sm leading-relaxed"
      >
        <p>
          <strong>Start your journey:</strong> open Chapter 1 and watch the first lessons today. The first
          lessons are available at once; each new chapter unlocks 24 hours after the one before.
        </p>
      </aside>

      <section aria-labelledby="progress-heading" data-tour="progress" className="mt-6">
        <h2 id="progress-heading" className="sr-only">
          Your progress
        </h2>
        <div className="grid gap-4 sm:grid-cols-3">
          <ProgressFigure label="Overall Progress" testId="overall-progress" value={cards.overallProgress}>
            <Progress value={0} aria-label="Overall progress" />
          </ProgressFigure>
          <ProgressFigure
            label="Completed"
            testId="completed-modules"
            value={loadingChapters ? '…' : cards.completedModules}
          />
          <ProgressFigure label="Time Invested" testId="time-invested" value={cards.timeInvested} />
        </div>
      </section>

      {coursesFailed || chapters.isError ? (
        <TitledCard
          role="alert"
          className="mt-6"
          heading="h3"
          titleClassName={null}
          title="Your course could not be loaded"
          description="Please reload the page or try again in a moment."
        />
      ) : null}

      <div className="mt-8 grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
        <ChapterSidebar
          chapters={ordered}
          loading={loadingChapters}
          expandedId={expanded}
          onToggle={(id) => setExpandedId(expanded === id ? null : id)}
          selectedLessonId={lesson?.id ?? null}
          onSelectLesson={(next) => {
            setSelected(next);
            requestAnimationFrame(() => viewerHeading.current?.focus());
          }}
        />
        <LessonViewer
          headingRef={viewerHeading}
          lesson={lesson}
          loading={loadingChapters || (selected === null && firstLessons.isLoading)}
        />
      </div>
    </PageShell>
  );
}
