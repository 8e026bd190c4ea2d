/**
 * `/member/dashboard` (docs/behaviour/member-learning.md#course-list-dashboard): a welcome line,
 * the membership badge, Membership and Log out; for a buyer of the consultation who has not sent it,
 * how to get it; My Enrolled Courses; Available Courses (published only) with the button rules and the lock
 * for non-members; 3 skeleton cards while loading; signed-out users go to /login.
 */
import type { ReactNode } from 'react';
import { Badge, ButtonLink, LogOutButton, NoticeCard, Skeleton, TitledCard, welcome } from '@platform/ui';
import { useMyPurchases } from '../../purchases/api/get-my-purchases';
import { ConsultationPurchaseCard } from '../../purchases/components/consultation-purchase-card';
import { showsConsultationPurchase } from '../../purchases/lib/consultation-purchase';
import { useCourses, useEnrollments } from '../api/get-dashboard-data';
import { getAvailableCourses, getEnrolledCourses, getMembershipBadgeText } from '../lib/dashboard-rules';
import { AvailableCourseCard } from './available-course-card';
import { EnrolledCourseCard } from './enrolled-course-card';
import { CourseSkeletonCards as SkeletonCards } from '../../courses/components/course-skeleton-cards';
import { signedOutView, useMemberPage } from '../../../components/member-page-gate';

function EmptyState({ title, children }: { title: string; children: ReactNode }) {
  return (
    <NoticeCard
      heading="h3"
      titleClassName="text-lg"
      title={title}
      contentClassName="flex flex-col items-center gap-4 text-muted-foreground"
    >
      {children}
    </NoticeCard>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-10">
      <h2 id={id} className="mb-4 text-2xl font-semibold tracking-tight">
        {title}
      </h2>
      {children}
    </section>
  );
}

export function MemberDashboardPage() {
  const gate = useMemberPage('Member Dashboard');
  const { user, isLoading: userLoading } = gate;
  // The page is for signed-in users only: both reads start together with the user, not after it (a
  // signed-out visitor's 401 reads as null and goes to /login as before).
  const mayBeSignedIn = user !== null || userLoading;
  const courses = useCourses(mayBeSignedIn);
  const enrollments = useEnrollments(mayBeSignedIn);
  const purchases = useMyPurchases(mayBeSignedIn);

  // Signed out, or a read that turns to 401 after the page opened (the session ended): away.
  const away = signedOutView(gate, courses);
  if (away !== undefined) return away;

  const isMember = user?.isMember === true;
  const isAdmin = user?.role === 'admin';
  // The consultation's card goes above the courses: they wait for it, so it never pushes them down.
  const loading = userLoading || courses.isPending || enrollments.isPending || purchases.isPending;
  const list = courses.data ?? [];
  const enrolled = getEnrolledCourses(list, enrollments.data ?? null);
  const available = getAvailableCourses(list);
  const failed = courses.isError;

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:py-14">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div>
          {user ? (
            <h1 className="text-3xl font-bold tracking-tight">{welcome(user, user.firstName || 'Member')}</h1>
          ) : (
            <Skeleton className="h-9 w-64" />
          )}
          {user ? (
            <Badge
              className="mt-3"
              variant={isMember ? 'success' : 'secondary'}
              data-testid="membership-badge"
            >
              {getMembershipBadgeText(user)}
            </Badge>
          ) : null}
        </div>
        <div className="flex flex-wrap gap-3">
          <ButtonLink to="/account" variant="outline">
            Account Settings
          </ButtonLink>
          <ButtonLink to="/membership" variant="outline">
            Membership
          </ButtonLink>
          <ButtonLink to="/orders" variant="outline">
            Orders &amp; billing
          </ButtonLink>
          <ButtonLink to="/team" variant="outline">
            Team
          </ButtonLink>
          <LogOutButton variant="ghost" disabled={!user} />
        </div>
      </header>

      {!loading && showsConsultationPurchase(user, purchases.data?.productIds) ? (
        <div className="mt-8">
          <ConsultationPurchaseCard />
        </div>
      ) : null}

      <Section id="enrolled-courses" title="My Enrolled Courses">
        {loading ? (
          <SkeletonCards />
        ) : enrolled.length > 0 ? (
          <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {enrolled.map((item) => (
              <EnrolledCourseCard key={item.course.id} item={item} />
            ))}
          </div>
        ) : (
          <EmptyState title="No Courses Yet">
            <p>Courses you are enrolled in will appear here.</p>
            <ButtonLink to="/courses">Browse Courses</ButtonLink>
          </EmptyState>
        )}
      </Section>

      <Section id="available-courses" title="Available Courses">
        {loading ? (
          <SkeletonCards />
        ) : failed ? (
          <TitledCard
            role="alert"
            heading="h3"
            titleClassName={null}
            title="Courses could not be loaded"
            description="Please reload the page or try again in a moment."
          />
        ) : available.length > 0 ? (
          <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {available.map((course) => (
              <AvailableCourseCard key={course.id} course={course} isMember={isMember} isAdmin={isAdmin} />
            ))}
          </div>
        ) : (
          <EmptyState title="No Courses Available">
            <p>We&apos;re working on new courses. Check back soon!</p>
          </EmptyState>
        )}
      </Section>
    </div>
  );
}
