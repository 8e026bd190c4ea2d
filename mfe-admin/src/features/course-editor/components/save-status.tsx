/** A row's save state beside its Save button: saving, saved, unsaved changes, or why it failed. */
import { cn } from '@platform/ui';
import { COURSE_EDITOR_COPY } from '../lib/course-editor-copy';
import type { SaveState } from '../lib/save-outcome';

export function SaveStatus({ state, dirty, id }: { state: SaveState; dirty: boolean; id: string }) {
  let text = '';
  let tone = 'text-muted-foreground';
  if (state.kind === 'saving') text = COURSE_EDITOR_COPY.saving;
  else if (state.kind === 'failed') {
    text = state.message;
    tone = 'text-destructive font-medium';
  } else if (dirty) text = COURSE_EDITOR_COPY.unsaved;
  else if (state.kind === 'saved') {
    text = COURSE_EDITOR_COPY.saved;
    tone = 'text-success';
  }
  return (
    <p
      id={id}
      role={state.kind === 'failed' ? 'alert' : 'status'}
      className={cn('min-h-5 text-sm', tone)}
      data-state={state.kind}
    >
      {text}
    </p>
  );
}
