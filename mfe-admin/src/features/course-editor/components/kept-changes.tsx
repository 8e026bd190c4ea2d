/**
 * After a row was reloaded because another tab or admin saved it first: what the admin had typed that
 * differs from what is saved, shown read-only (to copy back) until dismissed, so nothing typed is lost.
 */
import { Alert, AlertDescription, AlertTitle, Button } from '@platform/ui';
import { COURSE_EDITOR_COPY } from '../lib/course-editor-copy';

export function KeptChanges({
  id,
  items,
  onDismiss,
}: {
  id: string;
  items: { label: string; value: string }[];
  onDismiss: () => void;
}) {
  if (items.length === 0) return null;
  return (
    <Alert role="status" className="border-warning" data-testid="kept-changes">
      <AlertTitle>{COURSE_EDITOR_COPY.keptTitle}</AlertTitle>
      <AlertDescription className="w-full min-w-0 justify-items-stretch gap-3">
        <p className="text-muted-foreground">{COURSE_EDITOR_COPY.keptHint}</p>
        {items.map((item, index) => (
          <div key={item.label} className="grid gap-1">
            <label htmlFor={`${id}-${index}`} className="font-medium text-foreground">
              {item.label}
            </label>
            <textarea
              id={`${id}-${index}`}
              readOnly
              value={item.value}
              rows={Math.min(6, Math.max(1, item.value.split('\n').length))}
              className="w-full rounded-md border border-input bg-background px-3 py-2 text-sm text-foreground"
            />
          </div>
        ))}
        <div>
          <Button type="button" variant="outline" size="sm" onClick={onDismiss}>
            {COURSE_EDITOR_COPY.dismissKept}
          </Button>
        </div>
      </AlertDescription>
    </Alert>
  );
}

/** What was typed and not saved, as the panel lists it: each field of `labels` that `kept` holds. */
export function keptItems<TValues extends object>(
  kept: Partial<TValues> | null,
  labels: Partial<Record<keyof TValues, string>>,
): Array<{ label: string; value: string }> {
  if (!kept) return [];
  return (Object.keys(labels) as Array<keyof TValues>)
    .filter((field) => kept[field] !== undefined)
    .map((field) => {
      const value = kept[field];
      return {
        label: labels[field]!,
        value: typeof value === 'boolean' ? (value ? 'Yes' : 'No') : String(value),
      };
    });
}
