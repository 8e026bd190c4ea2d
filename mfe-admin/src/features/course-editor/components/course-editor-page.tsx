/**
 * `/admin/courses` (docs/behaviour/course-studio.md#course-editor): the course studio. Every section with its
 * lessons, drafts included, edited inline; sections and lessons reordered by drag and drop or keyboard,
 * added and deleted. Admin only, through the shared admin access handling.
 */
import { Link } from 'react-router-dom';
import type { StudioSection } from '@platform/contracts';
import {
  Alert,
  AlertDescription,
  AlertTitle,
  Button,
  Card,
  SITE_NAME,
  Skeleton,
  toast,
  useDocumentTitle,
} from '@platform/ui';
import { useAdminReads } from '../../admin-access/hooks/use-admin-access';
import { useCreateModule, useDeleteModule, useReorder } from '../api/change-outline';
import { useCourseMedia } from '../api/get-course-media';
import { useStudioCourses, useStudioSections } from '../api/get-studio-sections';
import { COURSE_EDITOR_COPY } from '../lib/course-editor-copy';
import { appendId } from '../lib/reorder';
import { deleteWithToast, failureMessage } from '../lib/save-outcome';
import { AddItemForm } from './add-item-form';
import { SectionEditor } from './section-editor';
import { SortableList } from './sortable-list';

function LoadingOutline() {
  return (
    <div className="grid gap-4" aria-busy="true">
      <p role="status" className="sr-only">
        {COURSE_EDITOR_COPY.loading}
      </p>
      {[0, 1, 2].map((key) => (
        <Skeleton key={key} className="h-40 w-full" />
      ))}
    </div>
  );
}

function Outline({ courseId, sections }: { courseId: number; sections: StudioSection[] }) {
  const media = useCourseMedia(true);
  const reorder = useReorder(courseId);
  const createModule = useCreateModule(courseId);
  const deleteModule = useDeleteModule(courseId);

  const saveOrder = (change: Parameters<typeof reorder.mutate>[0]) => {
    reorder.mutate(change, {
      onSuccess: () => toast({ title: COURSE_EDITOR_COPY.order, variant: 'success' }),
      onError: (failure) =>
        toast({
          title: 'Error',
          description: failureMessage(failure, COURSE_EDITOR_COPY.reorderFailed),
          variant: 'destructive',
        }),
    });
  };

  const moveLesson = (lessonId: number, toModuleId: number) => {
    const target = sections.find((section) => section.id === toModuleId);
    if (!target) return;
    saveOrder({
      kind: 'lessons',
      moduleId: toModuleId,
      lessonIds: appendId(
        target.lessons.map((lesson) => lesson.id),
        lessonId,
      ),
    });
  };

  const removeSection = (section: StudioSection) =>
    deleteWithToast(() => deleteModule.mutateAsync(section.id), COURSE_EDITOR_COPY.sectionDeleted);

  return (
    <div className="grid gap-6">
      {sections.length === 0 ? (
        <Card className="p-8 text-center" data-testid="studio-empty">
          <h2 className="text-lg font-semibold">{COURSE_EDITOR_COPY.empty}</h2>
          <p className="mt-2 text-sm text-muted-foreground">{COURSE_EDITOR_COPY.emptyHint}</p>
        </Card>
      ) : (
        <SortableList
          items={sections}
          label="section"
          nameOf={(section) => section.title}
          onReorder={(moduleIds) => saveOrder({ kind: 'sections', moduleIds })}
          className="grid gap-6"
          renderItem={(section, handle) => (
            <SectionEditor
              section={section}
              number={sections.indexOf(section) + 1}
              courseId={courseId}
              handle={handle}
              media={media.data?.files}
              sections={sections}
              onDeleteSection={removeSection}
              onReorderLessons={(moduleId, lessonIds) => saveOrder({ kind: 'lessons', moduleId, lessonIds })}
              onMoveLesson={moveLesson}
            />
          )}
        />
      )}
      <Card className="p-4">
        <h2 className="mb-3 text-base font-semibold">{COURSE_EDITOR_COPY.addSection}</h2>
        <AddItemForm
          id="new-section-title"
          label={COURSE_EDITOR_COPY.newSectionTitle}
          buttonLabel={COURSE_EDITOR_COPY.addSection}
          onAdd={async (title) => {
            await createModule.mutateAsync({ title });
            toast({ title: COURSE_EDITOR_COPY.sectionAdded, variant: 'success' });
          }}
        />
      </Card>
    </div>
  );
}

export function CourseEditorPage() {
  useDocumentTitle(`${COURSE_EDITOR_COPY.title} | Admin | ${SITE_NAME}`);
  const courses = useStudioCourses();
  const course = courses.data?.[0] ?? null;
  const outline = useStudioSections(course?.id ?? null);
  useAdminReads(courses.error, outline.error);

  let body;
  if (courses.isError || (outline.isError && !outline.data)) {
    body = (
      <Alert variant="destructive">
        <AlertTitle>{COURSE_EDITOR_COPY.failed}</AlertTitle>
        <AlertDescription>
          <p>Please try again in a moment.</p>
          <Button
            variant="outline"
            size="sm"
            className="mt-2"
            onClick={() => void (courses.isError ? courses.refetch() : outline.refetch())}
          >
            {COURSE_EDITOR_COPY.retry}
          </Button>
        </AlertDescription>
      </Alert>
    );
  } else if (courses.data && !course) {
    body = (
      <Card className="p-8 text-center">
        <h2 className="text-lg font-semibold">{COURSE_EDITOR_COPY.noCourse}</h2>
        <p className="mt-2 text-sm text-muted-foreground">{COURSE_EDITOR_COPY.noCourseHint}</p>
      </Card>
    );
  } else if (!course || !outline.data) {
    body = <LoadingOutline />;
  } else {
    body = <Outline courseId={course.id} sections={outline.data} />;
  }

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-10 sm:py-12">
      <nav aria-label="Breadcrumb" className="mb-4 text-sm">
        <Link to="/admin" className="text-primary underline-offset-4 hover:underline">
          Admin
        </Link>
        <span aria-hidden="true" className="px-2 text-muted-foreground">
          /
        </span>
        <span aria-current="page">{COURSE_EDITOR_COPY.title}</span>
      </nav>
      <header className="mb-8">
        <h1 className="text-3xl font-bold tracking-tight">{COURSE_EDITOR_COPY.title}</h1>
        {course ? <p className="mt-1 text-lg text-muted-foreground">{course.title}</p> : null}
        <p className="mt-2 max-w-3xl text-muted-foreground">{COURSE_EDITOR_COPY.description}</p>
        <p className="mt-2 text-sm">
          <Link to="/admin/upload" className="text-primary underline-offset-4 hover:underline">
            {COURSE_EDITOR_COPY.uploadLink}
          </Link>
          {course ? (
            <>
              {' · '}
              <Link to="/" className="text-primary underline-offset-4 hover:underline">
                See the public course page
              </Link>
            </>
          ) : null}
        </p>
      </header>
      {body}
    </div>
  );
}
