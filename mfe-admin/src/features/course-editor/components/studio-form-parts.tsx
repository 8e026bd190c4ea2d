/**
 * The parts the studio's section and lesson forms share: the form, a checkbox with its words (the
 * 'Published' one among them), and the Save row with what was kept from before a reload.
 */
import type { FormEvent, ReactNode } from 'react';
import type { FieldValues, UseFormRegisterReturn } from 'react-hook-form';
import { AsyncForm, Button } from '@platform/ui';
import { COURSE_EDITOR_COPY } from '../lib/course-editor-copy';
import type { StudioSaveParts } from '../lib/use-studio-form';
import { KeptChanges, keptItems } from './kept-changes';
import { SaveStatus } from './save-status';

/** A studio row's form, named for assistive technology; the browser's own validation is off (the form checks). */
export function StudioForm({
  label,
  className,
  onSubmit,
  children,
}: {
  label: string;
  className: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  children: ReactNode;
}) {
  return (
    <AsyncForm onSubmit={onSubmit} className={className} aria-label={label}>
      {children}
    </AsyncForm>
  );
}

export function StudioCheckbox({
  registration,
  children,
}: {
  registration: UseFormRegisterReturn;
  children: ReactNode;
}) {
  return (
    <label className="flex items-center gap-2 text-sm">
      <input type="checkbox" className="size-4 accent-primary" {...registration} />
      {children}
    </label>
  );
}

/** The 'Published (members see it)' checkbox of a section's or a lesson's form. */
export function PublishedCheckbox({ registration }: { registration: UseFormRegisterReturn }) {
  return <StudioCheckbox registration={registration}>Published (members see it)</StudioCheckbox>;
}

/**
 * What was typed before a reload, when there is any (KeptChanges), then the form's Save button ('Saving…'
 * while it saves), what else the row holds and the save state; after a save refused because the row
 * changed meanwhile, a Reload button beside it.
 */
export function StudioSaveRow<Values extends FieldValues & { version: number }>({
  studio,
  keptLabels,
  dirty,
  label,
  size,
  children,
}: {
  studio: StudioSaveParts<Values>;
  /** The words of each field, as the kept-changes panel names them. */
  keptLabels: Partial<Record<keyof Values, string>>;
  dirty: boolean;
  label: string;
  size?: 'sm';
  children?: ReactNode;
}) {
  const { state, statusId, reloading } = studio;
  const conflict = state.kind === 'failed' && state.conflict === true;
  return (
    <>
      <KeptChanges
        id={studio.keptId}
        items={keptItems(studio.kept, keptLabels)}
        onDismiss={studio.dismissKept}
      />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" size={size} disabled={state.kind === 'saving'} aria-describedby={statusId}>
          {state.kind === 'saving' ? COURSE_EDITOR_COPY.saving : label}
        </Button>
        {conflict ? (
          <Button
            type="button"
            variant="outline"
            size={size}
            disabled={reloading}
            aria-describedby={statusId}
            onClick={() => void studio.reloadLatest()}
          >
            {reloading ? COURSE_EDITOR_COPY.reloading : COURSE_EDITOR_COPY.reload}
          </Button>
        ) : null}
        {children}
        <SaveStatus id={statusId} state={state} dirty={dirty} />
      </div>
    </>
  );
}
