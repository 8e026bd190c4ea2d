/**
 * `/dashboard`, the progress variant (docs/behaviour/member-learning.md#progress-dashboard;
 * docs/decisions.md, 6): the welcome line, the course progress, the enrolled date, the release schedule note,
 * 'Course Sections' with each section's drip state, 'About This Course', for an rs_pending owner
 * without a consultation, 'Action Required', for a buyer of the consultation who has not sent it, how to
 * get it (`GET /api/payment/my-purchases`, read beside the dashboard's), and for an owner on the revenue-share plan its card
 * (docs/behaviour/revenue-share.md#dashboard-revenue-share-card). Members and anyone enrolled may see it,
 * and the admin, who previews the first course with every section open (docs/decisions.md, 30); other
 * signed-in users get 'Course Access Required'; signed-out visitors go to /login. Everything it shows comes
 * in one read beside the user's (`GET /api/enrollments/dashboard`, docs/decisions.md, 51).
 */
import { useMemo, type ReactNode } from 'react';
import {
  Alert,
  AlertDescription,
  AlertTitle,
  ButtonLink,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  LogOutButton,
  NoticeCard,
  Skeleton,
  TitledCard,
  welcome,
} from '@platform/ui';
import { Progress } from '@platform/ui/upload-progress';
import type { AuthUser } from '@platform/ui';
import { formatDate } from '@platform/contracts/format';
import { availableModulesQueryKey, useAvailableModules } from '../../courses/api/get-available-modules';
import { useCourse } from '../../courses/api/get-course';
import { LoadError } from '../../courses/components/load-error';
import { CertificateCard } from '../../certificates/components/certificate-card';
import { useMyRevenueReports } from '../../revenue-report/api/get-my-revenue-reports';
import { useSectionUnlockNotices } from '../../section-unlocks/hooks/use-section-unlock-notices';
import { useMyPurchases } from '../../purchases/api/get-my-purchases';
import { ConsultationPurchaseCard } from '../../purchases/components/consultation-purchase-card';
import { showsConsultationPurchase } from '../../purchases/lib/consultation-purchase';
import { useProgressDashboard } from '../api/get-progress-dashboard';
import {
  formatCourseDuration,
  formatSectionsCompleted,
  getCourseProgress,
  getDripDays,
  hasDashboardAccess,
  resolveEnrolledAt,
  showsConsultationBanner,
} from '../lib/progress-rules';
import { showsRevenueShareCard } from '../lib/revenue-card';
import { ConsultationBanner } from './consultation-banner';
import { CourseAccessRequired } from './course-access-required';
import { CourseSectionsList } from './course-sections-list';
import { DashboardSkeleton } from './dashboard-skeleton';
import { RevenueShareCard } from './revenue-share-card';
import { CardOnFile } from '../../revenue-report/components/card-on-file';
import { ToLogin, signedOutView, useMemberPage } from '../../../components/member-page-gate';

function PageShell({ user, children }: { user: AuthUser | null; children: ReactNode }) {
  const name = user?.firstName || user?.username || 'Member';
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:py-14">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        {user ? (
          <h1 className="text-3xl font-bold tracking-tight">{welcome(user, name)}</h1>
        ) : (
          <Skeleton className="h-9 w-64" />
        )}
        <LogOutButton variant="ghost" className="self-start sm:self-auto" disabled={!user} />
      </header>
      {children}
    </div>
  );
}

/**
 * What the user alone decides, above the course: an owner's 'Action Required' and revenue-share card. The
 * same while the course loads (`firstModuleId` undefined), so neither moves when it arrives.
 */
function DashboardLead({
  user,
  firstModuleId,
}: {
  user: AuthUser;
  firstModuleId: number | null | undefined;
}) {
  // Asked for beside the dashboard's read (ProgressDashboardPage); this reads the same cache entry.
  const purchases = useMyPurchases(true);
  return (
    <>
      {showsConsultationBanner(user) ? <ConsultationBanner firstModuleId={firstModuleId} /> : null}
      {/* An owner the 'Action Required' banner already asks for the consultation sees only the banner. */}
      {!showsConsultationBanner(user) && showsConsultationPurchase(user, purchases.data?.productIds) ? (
        <ConsultationPurchaseCard />
      ) : null}
      {showsRevenueShareCard(user) ? (
        <>
          <RevenueShareCard />
          {/* The card that pays each verified share on its due date, offered where the owner is. */}
          <CardOnFile returnTo="dashboard" />
        </>
      ) : null}
    </>
  );
}

function NotEnrolled() {
  return (
    <NoticeCard
      className="mx-auto mt-10 max-w-xl"
      heading="h2"
      title="No Courses Yet"
      description="Enroll in a course to follow its sections here."
      descriptionClassName="text-base"
    >
      <ButtonLink to="/courses">Browse Courses</ButtonLink>
    </NoticeCard>
  );
}

function CourseProgressView({
  courseId,
  user,
  enrolledAt,
  preview,
}: {
  courseId: number;
  user: AuthUser;
  enrolledAt: string | null;
  /** The admin looking at a course they are not enrolled in: every section is open to them. */
  preview: boolean;
}) {
  // The dashboard's one read has already filled both entries: these read them, and read them again only
  // when a write invalidates them (a lesson or section completed elsewhere).
  const course = useCourse(courseId, true);
  const sections = useAvailableModules(courseId, true);
  const sectionsKey = useMemo(() => availableModulesQueryKey(courseId), [courseId]);
  useSectionUnlockNotices(sections.data, sectionsKey);
  // One clock for the whole list, taken when the sections arrived.
  const now = useMemo(() => new Date(sections.dataUpdatedAt || Date.now()), [sections.dataUpdatedAt]);

  if (course.data === null || sections.data === null) return <ToLogin />;
  if (course.isPending || sections.isPending) {
    return <DashboardSkeleton lead={<DashboardLead user={user} firstModuleId={undefined} />} />;
  }
  if (course.isError || sections.isError) {
    return (
      <div className="mt-8">
        <LoadError title="Your course could not be loaded" reads={[course, sections]} />
      </div>
    );
  }

  const list = sections.data;
  const progress = getCourseProgress(list);
  const enrolledOn = formatDate(resolveEnrolledAt(enrolledAt ?? course.data.enrolledAt));
  const firstModuleId = list[0]?.id ?? null;

  return (
    <div className="mt-8 space-y-6">
      <DashboardLead user={user} firstModuleId={firstModuleId} />
      <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
        <div className="min-w-0 space-y-6">
          <Card role="region" aria-labelledby="course-progress">
            <CardHeader className="gap-1">
              <p className="text-sm text-muted-foreground">{course.data.title}</p>
              <CardTitle asChild>
                <h2 id="course-progress" className="text-xl">
                  Course Progress
                </h2>
              </CardTitle>
            </CardHeader>
            <CardContent className="space-y-3">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <p className="text-3xl font-bold tabular-nums" data-testid="progress-percent">
                  {progress.percent}%
                </p>
                <p className="text-sm text-muted-foreground" data-testid="sections-completed">
                  {formatSectionsCompleted(progress)}
                </p>
              </div>
              <Progress value={progress.percent} aria-label="Course progress" />
              {preview ? (
                <p className="text-sm text-muted-foreground" data-testid="admin-preview">
                  Admin preview: every section is open to you. Members see their own schedule.
                </p>
              ) : (
                <p className="text-sm text-muted-foreground" data-testid="enrolled-date">
                  Enrolled: {enrolledOn}
                </p>
              )}
            </CardContent>
          </Card>

          <CertificateCard courseId={courseId} finished={!preview && progress.percent === 100} />

          <Alert role="note" data-testid="release-schedule">
            <AlertTitle>Content Release Schedule</AlertTitle>
            <AlertDescription>
              <p>
                A new section unlocks every day. Section 1 opens when you enroll and each following section
                opens one day after the one before it, at the time of day you enrolled. Times are shown in
                your local time.
              </p>
            </AlertDescription>
          </Alert>

          <section aria-labelledby="course-sections" className="space-y-4">
            <h2 id="course-sections" className="text-2xl font-semibold tracking-tight">
              Course Sections
            </h2>
            {list.length > 0 ? (
              <CourseSectionsList sections={list} now={now} />
            ) : (
              <p className="text-muted-foreground">This course has no sections yet. Check back soon!</p>
            )}
          </section>
        </div>

        <aside aria-labelledby="about-course" className="lg:self-start">
          <TitledCard
            titleId="about-course"
            title="About This Course"
            description={course.data.description}
            contentClassName="space-y-2 text-sm"
          >
            <p data-testid="course-duration">{formatCourseDuration(list.length, getDripDays(list))}</p>
            <p className="text-muted-foreground">{course.data.lessonCount} lessons</p>
            <ButtonLink to={`/courses/${courseId}`} variant="outline" size="sm" className="mt-2">
              View Course
            </ButtonLink>
          </TitledCard>
        </aside>
      </div>
    </div>
  );
}

export function ProgressDashboardPage() {
  const gate = useMemberPage('Dashboard');
  const { user, isLoading: userLoading } = gate;
  // The page is for signed-in users only: everything it shows (the enrolments, the course they lead to or the
  // admin's preview, its sections) comes in one read asked for together with the user, not after it
  // (docs/decisions.md, 51; a signed-out visitor's 401 reads as null and goes to /login as before).
  const dashboard = useProgressDashboard(user !== null || userLoading);
  // An owner's revenue-share card reads the revenue service: asked for as soon as the user is known to be
  // one, beside the dashboard's read rather than after it (the card finds it in the same cache entry).
  useMyRevenueReports(showsRevenueShareCard(user));
  // What the account bought (the consultation's card), beside the dashboard's read too; the course waits
  // for both, so the card is there before it rather than pushing it down.
  const purchases = useMyPurchases(user !== null || userLoading);

  // A read that turns to 401 after the page opened: the session ended.
  const away = signedOutView(gate, dashboard);
  if (away !== undefined) return away;

  let body: ReactNode;
  if (userLoading || !user) {
    // Until the user is known, nothing is drawn below the greeting: an owner's banner and card go above the
    // course, and placeholders drawn before them would be pushed down when they came.
    body = (
      <p role="status" className="sr-only">
        Loading…
      </p>
    );
  } else if (dashboard.isPending || purchases.isPending) {
    body = <DashboardSkeleton lead={<DashboardLead user={user} firstModuleId={undefined} />} />;
  } else if (dashboard.isError) {
    body = (
      <div className="mt-8">
        <LoadError title="Your dashboard could not be loaded" reads={[dashboard]} />
      </div>
    );
  } else if (!hasDashboardAccess(user, dashboard.data?.enrollments)) {
    body = <CourseAccessRequired />;
  } else {
    const shown = dashboard.data?.shown ?? null;
    body =
      shown === null ? (
        <NotEnrolled />
      ) : (
        <CourseProgressView
          courseId={shown.course.id}
          user={user}
          enrolledAt={dashboard.data?.enrollments[0]?.enrolledAt ?? null}
          preview={shown.preview}
        />
      );
  }

  return <PageShell user={user}>{body}</PageShell>;
}
