/**
 * `/courses` (docs/decisions.md, 9): the published courses, each with its description, size and the button
 * the member dashboard uses ('View Course' / 'Enroll Now' / 'Upgrade to Access'); 'No Courses Available' when
 * there are none; signed-out visitors go to /login.
 */
import { Card } from '@platform/ui';
import { useCourses } from '../api/get-courses';
import { getAvailableCourses } from '../lib/course-rules';
import { CourseCard } from './course-card';
import { CourseSkeletonCards as SkeletonCards } from './course-skeleton-cards';
import { LoadError } from './load-error';
import { signedOutView, useMemberPage } from '../../../components/member-page-gate';

export function CoursesPage() {
  const gate = useMemberPage('Courses');
  const { user, isLoading: userLoading } = gate;
  const courses = useCourses(user !== null);

  const away = signedOutView(gate, courses);
  if (away !== undefined) return away;

  const isMember = user?.isMember === true;
  const isAdmin = user?.role === 'admin';
  const list = getAvailableCourses(courses.data ?? []);

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:py-14">
      <header className="mb-8">
        <h1 className="text-3xl font-bold tracking-tight">Courses</h1>
        <p className="mt-2 text-muted-foreground">
          Step-by-step restaurant management training, released one section a day.
        </p>
      </header>
      {userLoading || courses.isPending ? (
        <SkeletonCards />
      ) : courses.isError ? (
        <LoadError title="Courses could not be loaded" reads={[courses]} />
      ) : list.length > 0 ? (
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {list.map((course) => (
            <CourseCard key={course.id} course={course} isMember={isMember} isAdmin={isAdmin} />
          ))}
        </div>
      ) : (
        <Card className="p-8 text-center">
          <h2 className="text-lg font-semibold">No Courses Available</h2>
          <p className="mt-2 text-muted-foreground">We&apos;re working on new courses. Check back soon!</p>
        </Card>
      )}
    </div>
  );
}
