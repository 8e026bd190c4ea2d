/**
 * `/admin/courses` (docs/behaviour/course-studio.md#course-editor): the course studio. Every section with its
 * lessons, drafts included, edited inline; sections and lessons reordered by drag and drop or keyboard,
 * added and deleted. Admin only, through the shared admin access handling.
 */
import { Link } from 'react-router-dom';
import type { StudioSection } from '@platform/contracts';
import { Card, EmptyStateCard, LoadFailedAlert, LoadingList, toast } from '@platform/ui';
import { AdminPageFrame } from '../../admin-access/components/admin-page-frame';
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
        <EmptyStateCard
          testId="studio-empty"
          title={COURSE_EDITOR_COPY.empty}
          hint={COURSE_EDITOR_COPY.emptyHint}
        />
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
          onAdd={async (title, requestId) => {
            await createModule.mutateAsync({ title, requestId });
            toast({ title: COURSE_EDITOR_COPY.sectionAdded, variant: 'success' });
          }}
        />
      </Card>
    </div>
  );
}

export function CourseEditorPage() {
  const courses = useStudioCourses();
  const course = courses.data?.[0] ?? null;
  const outline = useStudioSections(course?.id ?? null);
  useAdminReads(courses.error, outline.error);

  let body;
  if (courses.isError || (outline.isError && !outline.data)) {
    body = (
      <LoadFailedAlert
        title={COURSE_EDITOR_COPY.failed}
        retryLabel={COURSE_EDITOR_COPY.retry}
        onRetry={() => void (courses.isError ? courses.refetch() : outline.refetch())}
      />
    );
  } else if (courses.data && !course) {
    body = <EmptyStateCard title={COURSE_EDITOR_COPY.noCourse} hint={COURSE_EDITOR_COPY.noCourseHint} />;
  } else if (!course || !outline.data) {
    body = (
      <LoadingList label={COURSE_EDITOR_COPY.loading} rows={3} rowHeight="h-40" className="grid gap-4" />
    );
  } else {
    body = <Outline courseId={course.id} sections={outline.data} />;
  }

  return (
    <AdminPageFrame
      title={COURSE_EDITOR_COPY.title}
      subtitle={course ? <p className="mt-1 text-lg text-muted-foreground">{course.title}</p> : null}
      description={COURSE_EDITOR_COPY.description}
      narrowDescription
      width="5xl"
      headerExtra={
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
      }
    >
      {body}
    </AdminPageFrame>
  );
}
