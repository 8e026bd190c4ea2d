/** A labelled field with its error underneath, linked to the control through `aria-describedby`. */
import type { ReactNode } from 'react';
import { Label } from '@platform/ui';

export function fieldErrorId(id: string): string {
  return `${id}-error`;
}

/** The ARIA a control needs: invalid while it has an error, described by the error and any hints. */
export function fieldAria(id: string, error: string | undefined, ...hintIds: (string | false | undefined)[]) {
  const describedBy = [error ? fieldErrorId(id) : undefined, ...hintIds].filter(Boolean).join(' ');
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
  } as const;
}

type FormFieldProps = {
  id: string;
  label: string;
  error?: string;
  /** Beside the label, e.g. the 'Forgot your password?' action. */
  labelAside?: ReactNode;
  children: ReactNode;
};

export function FormField({ id, label, error, labelAside, children }: FormFieldProps) {
  return (
    <div className="space-y-2">
      <div className="flex min-h-5 flex-wrap items-center justify-between gap-x-3 gap-y-1">
        <Label htmlFor={id}>{label}</Label>
        {labelAside}
      </div>
      {children}
      {error ? (
        <p id={fieldErrorId(id)} className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
