/**
 * A dollar amount field: '$' in front, formatted as it is typed ('1,234.56'), digits and one point only,
 * the caret kept where the admin was typing. The value is the text; the form's schema reads it as cents.
 */
import { useLayoutEffect, useRef } from 'react';
import type { ComponentProps } from 'react';
import { Input, cn } from '@platform/ui';
import { caretAfterFormat, formatDollarInput } from '../lib/dollar-input';

type DollarInputProps = Omit<ComponentProps<'input'>, 'value' | 'onChange' | 'type'> & {
  value: string;
  onValueChange: (value: string) => void;
};

export function DollarInput({ value, onValueChange, className, ref, ...props }: DollarInputProps) {
  const input = useRef<HTMLInputElement | null>(null);
  const caret = useRef<number | null>(null);

  useLayoutEffect(() => {
    if (caret.current === null || !input.current) return;
    input.current.setSelectionRange(caret.current, caret.current);
    caret.current = null;
  }, [value]);

  return (
    <div className="relative">
      <span
        aria-hidden="true"
        className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-sm text-muted-foreground"
      >
        $
      </span>
      <Input
        {...props}
        ref={(element) => {
          input.current = element;
          if (typeof ref === 'function') ref(element);
          else if (ref) ref.current = element;
        }}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        className={cn('pl-7 tabular-nums', className)}
        value={value}
        onChange={(event) => {
          const raw = event.target.value;
          const formatted = formatDollarInput(raw);
          caret.current = caretAfterFormat(raw, event.target.selectionStart ?? raw.length, formatted);
          onValueChange(formatted);
        }}
      />
    </div>
  );
}
