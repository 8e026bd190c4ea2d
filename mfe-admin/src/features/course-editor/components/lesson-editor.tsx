/**
 * One lesson of the studio, edited inline: a summary row (drag handle, title, badges) that opens the
 * lesson's form. The form keeps what the admin typed until it is saved; a refusal leaves it as typed, with
 * the server's message beside the Save button and in a toast ('Lesson updated successfully' / the server's
 * message or 'Failed to update lesson'). A save made from an older version than the stored one (another tab
 * or admin saved first) is refused with the server's message and a Reload button: the form then shows what
 * is saved, and what the admin had typed stays beside it.
 */
import { useId, useState } from 'react';
import { COURSE_STUDIO_MESSAGES } from '@platform/contracts';
import type { CourseMediaFile, StudioLesson } from '@platform/contracts';
import { formatDuration } from '@platform/contracts/format';
import { Badge, Button, FormField, Input, Textarea, cn, useDisclosure, TextLink } from '@platform/ui';
import { useReloadStudioSections } from '../api/get-studio-sections';
import { useUpdateLesson } from '../api/update-lesson';
import { COURSE_EDITOR_COPY, deleteLessonQuestion } from '../lib/course-editor-copy';
import {
  checkLessonForm,
  sameLessonSave,
  toLessonFormValues,
  toUpdateLessonRequest,
} from '../lib/lesson-form';
import type { LessonFormValues } from '../lib/lesson-form';
import { useStudioForm } from '../lib/use-studio-form';
import { describeTranscode } from '../lib/transcode-state';
import { ConfirmDelete } from './confirm-delete';
import { MediaPicker } from './media-picker';
import { DragHandle } from './sortable-list';
import { PublishedCheckbox, StudioCheckbox, StudioForm, StudioSaveRow } from './studio-form-parts';
import type { DragHandleProps } from './sortable-list';

const FIELDS = ['title', 'videoUrl', 'content', 'keyPoints', 'captionsFile'] as const;

const LABELS: Record<keyof Omit<LessonFormValues, 'version'>, string> = {
  title: 'Title',
  videoUrl: 'Video',
  content: 'Content',
  keyPoints: 'Key takeaways',
  captionsFile: 'Captions (.vtt)',
  isPublished: 'Published (members see it)',
  isFree: 'Free preview',
};

const KIND_LABEL: Record<StudioLesson['kind'], string> = {
  video: 'Video',
  youtube: 'YouTube',
  document: 'Document',
};

function LessonBadges({ lesson }: { lesson: StudioLesson }) {
  const transcode = describeTranscode(lesson);
  return (
    <span className="flex flex-wrap items-center gap-1.5">
      {!lesson.isPublished ? (
        <Badge variant="warning" data-testid="draft-badge">
          {COURSE_EDITOR_COPY.draft}
        </Badge>
      ) : null}
      {lesson.isFree ? <Badge variant="secondary">Free preview</Badge> : null}
      {transcode ? (
        <Badge
          variant={
            transcode.tone === 'failed' ? 'destructive' : transcode.tone === 'ready' ? 'success' : 'outline'
          }
          data-testid="transcode-state"
        >
          {transcode.label}
        </Badge>
      ) : null}
    </span>
  );
}

function LessonForm({
  lesson,
  courseId,
  media,
  sections,
  onMove,
}: {
  lesson: StudioLesson;
  courseId: number;
  media: CourseMediaFile[] | undefined;
  sections: { id: number; title: string }[];
  onMove: (lessonId: number, toModuleId: number) => void;
}) {
  const baseId = `lesson-${lesson.id}`;
  const update = useUpdateLesson(courseId);
  const reloadSections = useReloadStudioSections(courseId);
  const studio = useStudioForm<LessonFormValues, (typeof FIELDS)[number], StudioLesson>({
    baseId,
    fields: FIELDS,
    defaults: toLessonFormValues(lesson),
    check: checkLessonForm,
    save: (values) => update.mutateAsync({ lessonId: lesson.id, request: toUpdateLessonRequest(values) }),
    toValues: toLessonFormValues,
    sameSave: sameLessonSave,
    reload: async () =>
      (await reloadSections())?.flatMap((section) => section.lessons).find((item) => item.id === lesson.id),
    messages: {
      saved: COURSE_STUDIO_MESSAGES.lessonSaved,
      failed: COURSE_STUDIO_MESSAGES.lessonFailed,
      what: 'lesson',
    },
  });
  const { form, setState, submit, fieldProps, controlProps } = studio;
  const { isDirty } = form.formState;

  return (
    <StudioForm
      onSubmit={submit}
      label={`Edit lesson “${lesson.title}”`}
      className="grid gap-4 border-t border-border p-3 sm:p-4"
    >
      <div className="grid gap-4 md:grid-cols-[1fr_10rem]">
        <FormField {...fieldProps('title')} label="Title">
          <Input {...controlProps('title')} />
        </FormField>
        <div className="grid content-start gap-1.5 text-sm">
          <span className="font-medium">Length</span>
          <output className="min-h-9 py-2 tabular-nums" data-testid="lesson-length">
            {formatDuration(lesson.durationSeconds) ?? 'Not known yet'}
          </output>
          <span className="text-xs text-muted-foreground">{COURSE_EDITOR_COPY.lengthHint}</span>
        </div>
      </div>
      <FormField
        {...fieldProps('videoUrl')}
        label="Video"
        hint={
          <>
            An uploaded file&apos;s name, a YouTube or Vimeo link, or a .pdf / .docx document.{' '}
            <TextLink to="/admin/upload">{COURSE_EDITOR_COPY.uploadLink}</TextLink>
          </>
        }
      >
        <div className="grid gap-2 md:grid-cols-[1fr_16rem]">
          <Input
            {...controlProps('videoUrl', true)}
            placeholder="lesson-video.mp4 or https://www.youtube.com/watch?v=…"
          />
          <MediaPicker
            id={`${baseId}-video-pick`}
            files={media}
            kinds={['video', 'document']}
            label="Choose a stored file…"
            onPick={(name) => form.setValue('videoUrl', name, { shouldDirty: true })}
          />
        </div>
      </FormField>
      <FormField {...fieldProps('content')} label="Content">
        <Textarea {...controlProps('content')} rows={5} />
      </FormField>
      <div className="grid gap-4 md:grid-cols-2">
        <FormField {...fieldProps('keyPoints')} label="Key takeaways" hint="One per line.">
          <Textarea {...controlProps('keyPoints', true)} rows={4} />
        </FormField>
        <FormField
          {...fieldProps('captionsFile')}
          label="Captions (.vtt)"
          hint="A stored WebVTT file; empty for none."
        >
          <div className="grid gap-2">
            <Input {...controlProps('captionsFile', true)} placeholder="lesson-video.vtt" />
            <MediaPicker
              id={`${baseId}-captions-pick`}
              files={media}
              kinds={['captions']}
              label="Choose a captions file…"
              onPick={(name) => form.setValue('captionsFile', name, { shouldDirty: true })}
            />
          </div>
        </FormField>
      </div>
      <div className="flex flex-wrap gap-x-6 gap-y-3">
        <PublishedCheckbox registration={form.register('isPublished')} />
        <StudioCheckbox registration={form.register('isFree')}>
          Free preview (visitors may watch it)
        </StudioCheckbox>
      </div>
      {sections.length > 0 ? (
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <label htmlFor={`${baseId}-move`}>Move to another section:</label>
          <select
            id={`${baseId}-move`}
            value=""
            onChange={(event) => {
              if (event.target.value) onMove(lesson.id, Number(event.target.value));
            }}
            className="h-9 max-w-full rounded-md border border-input bg-background px-2 text-sm"
          >
            <option value="">Choose…</option>
            {sections.map((section) => (
              <option key={section.id} value={section.id}>
                {section.title}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <StudioSaveRow studio={studio} keptLabels={LABELS} dirty={isDirty} label="Save lesson">
        {isDirty ? (
          <Button
            type="button"
            variant="ghost"
            onClick={() => {
              form.reset(toLessonFormValues(lesson));
              setState({ kind: 'idle' });
            }}
          >
            Undo changes
          </Button>
        ) : null}
      </StudioSaveRow>
    </StudioForm>
  );
}

export function LessonEditor({
  lesson,
  position,
  courseId,
  handle,
  media,
  otherSections,
  onDelete,
  onMove,
}: {
  lesson: StudioLesson;
  position: number;
  courseId: number;
  handle: DragHandleProps;
  media: CourseMediaFile[] | undefined;
  otherSections: { id: number; title: string }[];
  onDelete: (lesson: StudioLesson) => Promise<boolean>;
  onMove: (lessonId: number, toModuleId: number) => void;
}) {
  const panel = useDisclosure(useId());
  // The form is built when first opened, then kept (with what was typed) while the page stays.
  const [opened, setOpened] = useState(false);
  const action = panel.open ? COURSE_EDITOR_COPY.close : COURSE_EDITOR_COPY.edit;
  const length = formatDuration(lesson.durationSeconds) ?? 'length not known';
  return (
    <article
      className={cn('rounded-md border border-border bg-background', !lesson.isPublished && 'border-dashed')}
      data-testid="studio-lesson"
      data-lesson-id={lesson.id}
    >
      <div className="flex flex-wrap items-start gap-x-2 gap-y-1 p-2 sm:flex-nowrap sm:items-center">
        <DragHandle handle={handle} label={`Move lesson “${lesson.title}”`} />
        <div className="min-w-0 flex-1 basis-[calc(100%-2.75rem)] py-1 sm:basis-auto">
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <span className="text-sm text-muted-foreground">{position}.</span>
            <span className="font-medium break-words" data-testid="lesson-title">
              {lesson.title}
            </span>
            <LessonBadges lesson={lesson} />
          </p>
          <p className="mt-0.5 text-xs text-muted-foreground">
            {KIND_LABEL[lesson.kind]} · {length}
            {lesson.videoUrl ? <span className="break-all"> · {lesson.videoUrl}</span> : ' · no media'}
          </p>
        </div>
        <div className="flex w-full shrink-0 flex-wrap items-center justify-end gap-1 sm:w-auto">
          <Button
            variant="outline"
            size="sm"
            {...panel.buttonProps}
            aria-label={`${action} lesson “${lesson.title}”`}
            onClick={() => {
              panel.toggle();
              setOpened(true);
            }}
          >
            {action}
          </Button>
          <ConfirmDelete
            question={deleteLessonQuestion(lesson.title)}
            triggerLabel={`Delete lesson “${lesson.title}”`}
            onConfirm={() => onDelete(lesson)}
          />
        </div>
      </div>
      <div {...panel.regionProps}>
        {opened ? (
          <LessonForm
            lesson={lesson}
            courseId={courseId}
            media={media}
            sections={otherSections}
            onMove={onMove}
          />
        ) : null}
      </div>
    </article>
  );
}
