/** Adds a section or lesson by its title; what is typed stays when the server refuses. */
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Input, SubmitButton, toast, useRequestIdFor } from '@platform/ui';
import { COURSE_EDITOR_COPY } from '../lib/course-editor-copy';
import { checkTitle } from '../lib/lesson-form';
import { failureMessage } from '../lib/save-outcome';

export function AddItemForm({
  id,
  label,
  buttonLabel,
  onAdd,
}: {
  id: string;
  label: string;
  buttonLabel: string;
  /**
   * Resolves when added; rejects with the server's refusal. `requestId` names this addition: pressed again
   * after a lost answer, it is sent again, so the server answers what it added instead of adding twice.
   */
  onAdd: (title: string, requestId: string) => Promise<void>;
}) {
  const [title, setTitle] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // One id per addition, kept while the title stays the same; a new one after it is added.
  const requestIdFor = useRequestIdFor();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = checkTitle(title);
    if (problem) {
      setError(problem);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const typed = title.trim();
      await onAdd(typed, requestIdFor(typed));
      requestIdFor.forget();
      setTitle('');
    } catch (failure) {
      const message = failureMessage(failure, COURSE_EDITOR_COPY.createFailed);
      setError(message);
      toast({ title: 'Error', description: message, variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      className="flex flex-col gap-2 sm:flex-row sm:items-start"
    >
      <div className="flex-1">
        <label htmlFor={id} className="sr-only">
          {label}
        </label>
        <Input
          id={id}
          value={title}
          placeholder={label}
          onChange={(event) => setTitle(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        {error ? (
          <p id={`${id}-error`} className="mt-1 text-sm font-medium text-destructive">
            {error}
          </p>
        ) : null}
      </div>
      <SubmitButton variant="outline" busy={busy} busyLabel={COURSE_EDITOR_COPY.saving}>
        {buttonLabel}
      </SubmitButton>
    </form>
  );
}
