/**
 * One section of the studio: its title, release day and draft state edited inline in the header (saved
 * with 'Module updated successfully', or the server's message / 'Failed to update module'), its lessons in
 * a list reordered by drag and drop or keyboard, a lesson added at the end, and the section deleted after
 * a confirmation.
 */
import { useState } from 'react';
import { COURSE_STUDIO_MESSAGES } from '@platform/contracts';
import type { CourseMediaFile, StudioLesson, StudioSection } from '@platform/contracts';
import { Badge, Button, FormField, Input, Textarea, cn, toast, useDisclosure } from '@platform/ui';
import { useCreateLesson, useDeleteLesson } from '../api/change-outline';
import { useReloadStudioSections } from '../api/get-studio-sections';
import { useUpdateModule } from '../api/update-module';
import { COURSE_EDITOR_COPY, deleteSectionQuestion } from '../lib/course-editor-copy';
import {
  checkSectionForm,
  sameSectionSave,
  toSectionFormValues,
  toUpdateModuleRequest,
} from '../lib/lesson-form';
import type { SectionFormValues } from '../lib/lesson-form';
import { deleteWithToast } from '../lib/save-outcome';
import { useStudioForm } from '../lib/use-studio-form';
import { AddItemForm } from './add-item-form';
import { ConfirmDelete } from './confirm-delete';
import { LessonEditor } from './lesson-editor';
import { DragHandle, SortableList } from './sortable-list';
import type { DragHandleProps } from './sortable-list';
import { PublishedCheckbox, StudioForm, StudioSaveRow } from './studio-form-parts';

const FIELDS = ['title', 'description', 'availableAfterDays'] as const;

const LABELS: Record<keyof Omit<SectionFormValues, 'version'>, string> = {
  title: 'Section title',
  description: 'Description',
  availableAfterDays: 'Opens on day',
  isPublished: 'Published (members see it)',
};

function SectionForm({ section, courseId }: { section: StudioSection; courseId: number }) {
  const baseId = `section-${section.id}`;
  const [details, setDetails] = useState(false);
  const update = useUpdateModule(courseId);
  const reloadSections = useReloadStudioSections(courseId);
  const studio = useStudioForm<SectionFormValues, (typeof FIELDS)[number], StudioSection>({
    baseId,
    fields: FIELDS,
    defaults: toSectionFormValues(section),
    check: checkSectionForm,
    save: (values) => update.mutateAsync({ moduleId: section.id, request: toUpdateModuleRequest(values) }),
    toValues: toSectionFormValues,
    sameSave: sameSectionSave,
    reload: async () => (await reloadSections())?.find((item) => item.id === section.id),
    messages: {
      saved: COURSE_STUDIO_MESSAGES.moduleSaved,
      failed: COURSE_STUDIO_MESSAGES.moduleFailed,
      what: 'section',
    },
    onProblem: (first) => {
      if (first === 'description') setDetails(true);
    },
  });
  const { form, submit, fieldProps, controlProps } = studio;
  const { isDirty } = form.formState;

  return (
    <StudioForm onSubmit={submit} className="grid gap-3" label={`Edit section “${section.title}”`}>
      <div className="grid gap-3 sm:grid-cols-[1fr_9rem]">
        <FormField {...fieldProps('title')} label="Section title">
          <Input {...controlProps('title')} />
        </FormField>
        <FormField {...fieldProps('availableAfterDays')} label="Opens on day" hint="Days after enrolment.">
          <Input {...controlProps('availableAfterDays', true)} inputMode="numeric" />
        </FormField>
      </div>
      <div hidden={!details}>
        <FormField {...fieldProps('description')} label="Description">
          <Textarea {...controlProps('description')} rows={3} />
        </FormField>
      </div>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <PublishedCheckbox registration={form.register('isPublished')} />
        <Button type="button" variant="link" size="sm" className="px-0" onClick={() => setDetails(!details)}>
          {details ? 'Hide description' : 'Edit description'}
        </Button>
      </div>
      <StudioSaveRow studio={studio} keptLabels={LABELS} dirty={isDirty} label="Save section" size="sm" />
    </StudioForm>
  );
}

export function SectionEditor({
  section,
  number,
  courseId,
  handle,
  media,
  sections,
  onDeleteSection,
  onReorderLessons,
  onMoveLesson,
}: {
  section: StudioSection;
  number: number;
  courseId: number;
  handle: DragHandleProps;
  media: CourseMediaFile[] | undefined;
  sections: StudioSection[];
  onDeleteSection: (section: StudioSection) => Promise<boolean>;
  onReorderLessons: (moduleId: number, lessonIds: number[]) => void;
  onMoveLesson: (lessonId: number, toModuleId: number) => void;
}) {
  const lessons = useDisclosure(`section-${section.id}-lessons`, true);
  const createLesson = useCreateLesson(courseId);
  const deleteLesson = useDeleteLesson(courseId);
  const others = sections.filter((item) => item.id !== section.id).map(({ id, title }) => ({ id, title }));

  const removeLesson = (lesson: StudioLesson) =>
    deleteWithToast(() => deleteLesson.mutateAsync(lesson.id), COURSE_EDITOR_COPY.lessonDeleted);

  return (
    <section
      aria-labelledby={`section-${section.id}-heading`}
      className={cn(
        'rounded-lg border border-border bg-card p-3 shadow-xs sm:p-4',
        !section.isPublished && 'border-dashed',
      )}
      data-testid="studio-section"
      data-section-id={section.id}
    >
      <div className="mb-3 flex items-start gap-2">
        <DragHandle handle={handle} label={`Move section “${section.title}”`} />
        <h2
          id={`section-${section.id}-heading`}
          className="flex min-w-0 flex-1 flex-wrap items-center gap-2 pt-1.5 text-lg font-semibold"
        >
          <span>
            Section {number}: <span data-testid="section-title">{section.title}</span>
          </span>
          {!section.isPublished ? (
            <Badge variant="warning" data-testid="draft-badge">
              {COURSE_EDITOR_COPY.draft}
            </Badge>
          ) : null}
          <span className="text-sm font-normal text-muted-foreground">
            {section.lessons.length} {section.lessons.length === 1 ? 'lesson' : 'lessons'}
          </span>
        </h2>
        <ConfirmDelete
          question={deleteSectionQuestion(section.title, section.lessons.length)}
          triggerLabel={`Delete section “${section.title}”`}
          onConfirm={() => onDeleteSection(section)}
        />
      </div>
      <SectionForm section={section} courseId={courseId} />
      <div className="mt-4 flex items-center justify-between gap-2">
        <h3 className="text-sm font-semibold">Lessons</h3>
        <Button variant="ghost" size="sm" {...lessons.buttonProps}>
          {lessons.open ? 'Hide lessons' : 'Show lessons'}
        </Button>
      </div>
      <div {...lessons.regionProps} className="mt-2 grid gap-3">
        {section.lessons.length === 0 ? (
          <p className="text-sm text-muted-foreground">{COURSE_EDITOR_COPY.noLessons}</p>
        ) : (
          <SortableList
            items={section.lessons}
            label="lesson"
            nameOf={(lesson) => lesson.title}
            onReorder={(ids) => onReorderLessons(section.id, ids)}
            className="grid gap-2"
            renderItem={(lesson, lessonHandle) => (
              <LessonEditor
                lesson={lesson}
                position={section.lessons.indexOf(lesson) + 1}
                courseId={courseId}
                handle={lessonHandle}
                media={media}
                otherSections={others}
                onDelete={removeLesson}
                onMove={onMoveLesson}
              />
            )}
          />
        )}
        <AddItemForm
          id={`section-${section.id}-new-lesson`}
          label={COURSE_EDITOR_COPY.newLessonTitle}
          buttonLabel={COURSE_EDITOR_COPY.addLesson}
          onAdd={async (title, requestId) => {
            await createLesson.mutateAsync({ moduleId: section.id, request: { title, requestId } });
            toast({ title: COURSE_EDITOR_COPY.lessonAdded, variant: 'success' });
          }}
        />
      </div>
    </section>
  );
}
