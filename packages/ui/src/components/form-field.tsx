/** A labelled field with its error underneath, linked to the control through `aria-describedby`. */
import type { ReactNode } from 'react';
import { cn } from '../lib/cn';
import { Label } from './label';

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
  /** Beside the label, e.g. the 'Forgot your password?' action or a character count. */
  labelAside?: ReactNode;
  /** A line under the control (its id is `${id}-hint`; pass it to `fieldAria`). */
  hint?: ReactNode;
  className?: string;
  /** The control; or what draws it from the ARIA it needs (`fieldAria` of the id, the error and the hint). */
  children: ReactNode | ((aria: FieldAria) => ReactNode);
};

export type FieldAria = ReturnType<typeof fieldAria>;

export function fieldHintId(id: string): string {
  return `${id}-hint`;
}

export function FormField({ id, label, error, labelAside, hint, className, children }: FormFieldProps) {
  return (
    <div className={cn('space-y-2', className)}>
      <div className="flex min-h-5 flex-wrap items-center justify-between gap-x-3 gap-y-1">
        <Label htmlFor={id}>{label}</Label>
        {labelAside}
      </div>
      {typeof children === 'function'
        ? children(fieldAria(id, error, hint ? fieldHintId(id) : undefined))
        : children}
      {hint ? (
        <p id={fieldHintId(id)} className="text-sm text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={fieldErrorId(id)} className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
