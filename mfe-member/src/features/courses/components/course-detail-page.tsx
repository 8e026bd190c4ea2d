/**
 * `/courses/:id` (docs/decisions.md, 9): the course's header and, for its members, its sections with their
 * unlock state, each linking to /modules/{id}. A member not enrolled yet gets 'Enroll Now'; anyone else
 * 'Course Access Required' with 'Upgrade to Access'; a course that does not exist, a not-found message.
 */
import { useMemo } from 'react';
import { Link, useParams } from 'react-router-dom';
import {
  Badge,
  ButtonLink,
  LoadingList,
  SITE_NAME,
  TitledCard,
  getApiErrorStatus,
  useDocumentTitle,
  useSignInGate,
} from '@platform/ui';
import type { AuthUser } from '@platform/ui';
import { formatDate } from '@platform/contracts/format';
import type { CourseSummary } from '@platform/contracts';
import { useSectionUnlockNotices } from '../../section-unlocks/hooks/use-section-unlock-notices';
import { availableModulesQueryKey, useAvailableModules } from '../api/get-available-modules';
import { useCourse } from '../api/get-course';
import { formatCourseSize, parseContentId } from '../lib/course-rules';
import { CoursePageSkeleton } from './course-page-skeleton';
import { CourseSectionRows } from './course-section-rows';
import { CourseThumbnail } from './course-thumbnail';
import { EnrollButton } from './enroll-button';
import { LoadError } from './load-error';
import { NotFoundCard } from './not-found-card';
import { ToLogin, signedOutView } from '../../../components/member-page-gate';

function SectionsSkeleton() {
  return (
    <LoadingList
      label="Loading…"
      rows={4}
      rowHeight="h-16"
      className="space-y-3"
      testId="sections-skeleton"
    />
  );
}

function CourseSections({ courseId }: { courseId: number }) {
  const sections = useAvailableModules(courseId, true);
  const key = useMemo(() => availableModulesQueryKey(courseId), [courseId]);
  useSectionUnlockNotices(sections.data, key);
  const now = useMemo(() => new Date(sections.dataUpdatedAt || Date.now()), [sections.dataUpdatedAt]);

  if (sections.data === null) return <ToLogin />;
  if (sections.isPending) return <SectionsSkeleton />;
  if (sections.isError) {
    return <LoadError title="The sections could not be loaded" reads={[sections]} />;
  }
  if (sections.data.length === 0) {
    return <p className="text-muted-foreground">This course has no sections yet. Check back soon!</p>;
  }
  return <CourseSectionRows sections={sections.data} now={now} />;
}

function AccessCard({ course, user }: { course: CourseSummary; user: AuthUser }) {
  if (user.isMember) {
    return (
      <TitledCard
        data-testid="enroll-card"
        title="Start Learning"
        description={
          <>
            Your membership includes this course. Enroll to unlock Section 1 today and a new section every day
            after.
          </>
        }
      >
        <EnrollButton courseId={course.id} title={course.title} />
      </TitledCard>
    );
  }
  return (
    <TitledCard
      data-testid="course-access-required"
      title="Course Access Required"
      description="This course is available to members. Upgrade to start learning."
    >
      <ButtonLink to="/membership">Upgrade to Access</ButtonLink>
    </TitledCard>
  );
}

export function CourseDetailPage() {
  const params = useParams();
  const courseId = parseContentId(params.id);
  const gate = useSignInGate();
  const { user, isLoading: userLoading } = gate;
  const course = useCourse(courseId ?? 0, user !== null && courseId !== null);
  useDocumentTitle(`${course.data?.title ?? 'Course'} | ${SITE_NAME}`);

  const away = signedOutView(gate, course);
  if (away !== undefined) return away;

  if (courseId === null || (course.isError && getApiErrorStatus(course.error) === 404)) {
    return (
      <NotFoundCard
        title="Course Not Found"
        text="The course you're looking for doesn't exist or is no longer available."
      />
    );
  }

  const back = (
    <Link
      to="/courses"
      className="inline-flex items-center text-sm font-medium text-primary underline-offset-4 hover:underline"
    >
      ← Back to Courses
    </Link>
  );

  if (course.isError) {
    return (
      <div className="mx-auto w-full max-w-5xl space-y-6 px-4 py-10">
        {back}
        <h1 className="text-3xl font-bold tracking-tight">Course</h1>
        <LoadError title="The course could not be loaded" reads={[course]} />
      </div>
    );
  }

  if (userLoading || !user || course.isPending || !course.data) {
    return (
      <CoursePageSkeleton className="mx-auto w-full max-w-5xl space-y-6 px-4 py-10">
        <SectionsSkeleton />
      </CoursePageSkeleton>
    );
  }

  const data = course.data;
  const canSeeSections = data.isEnrolled || user.role === 'admin';

  return (
    <div className="mx-auto w-full max-w-5xl space-y-8 px-4 py-10 sm:py-14">
      {back}
      <header className="grid gap-6 md:grid-cols-[1fr_18rem] md:items-start">
        <div className="space-y-3">
          <div className="flex flex-wrap items-center gap-2">
            <Badge variant="secondary" className="capitalize">
              {data.difficulty}
            </Badge>
            {data.isEnrolled ? <Badge variant="success">Enrolled</Badge> : null}
          </div>
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{data.title}</h1>
          <p className="text-muted-foreground">{data.description}</p>
          <p className="text-sm font-medium" data-testid="course-size">
            {formatCourseSize(data)} · Drip-feed content - new section daily
          </p>
          {data.enrolledAt ? (
            <p className="text-sm text-muted-foreground">Enrolled on {formatDate(data.enrolledAt)}</p>
          ) : null}
        </div>
        <div className="order-first overflow-hidden rounded-xl border border-border md:order-none">
          <CourseThumbnail src={data.thumbnail} locked={!canSeeSections && !user.isMember} />
        </div>
      </header>

      {canSeeSections ? (
        <section aria-labelledby="course-sections" className="space-y-4">
          <h2 id="course-sections" className="text-2xl font-semibold tracking-tight">
            Course Sections
          </h2>
          <CourseSections courseId={data.id} />
        </section>
      ) : (
        <AccessCard course={data} user={user} />
      )}
    </div>
  );
}
