/**
 * A dollar amount typed as digits and shown grouped as the owner types ('12,345'), with a '$' before it
 * (lib/money-input.ts). The caret keeps its place among the digits when separators come and go.
 */
import { useLayoutEffect, useRef } from 'react';
import type { ComponentProps, Ref } from 'react';
import { Input, cn } from '@platform/ui';
import { caretAfterFormat, formatDollarInput } from '../lib/money-input';

type MoneyInputProps = Omit<ComponentProps<'input'>, 'value' | 'onChange' | 'type' | 'ref'> & {
  value: string;
  onValueChange?: (text: string) => void;
  ref?: Ref<HTMLInputElement>;
};

export function MoneyInput({ value, onValueChange, className, ref, readOnly, ...props }: MoneyInputProps) {
  const input = useRef<HTMLInputElement | null>(null);
  const caret = useRef<number | null>(null);

  useLayoutEffect(() => {
    const element = input.current;
    if (caret.current === null || !element || element !== document.activeElement) return;
    element.setSelectionRange(caret.current, caret.current);
    caret.current = null;
  }, [value]);

  const setRef = (element: HTMLInputElement | null) => {
    input.current = element;
    if (typeof ref === 'function') ref(element);
    else if (ref) ref.current = element;
  };

  return (
    <div className="relative">
      <span
        aria-hidden="true"
        className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-muted-foreground"
      >
        $
      </span>
      <Input
        {...props}
        ref={setRef}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        readOnly={readOnly}
        value={value}
        className={cn('pl-7 tabular-nums', readOnly && 'bg-muted', className)}
        onChange={(event) => {
          const typed = event.target.value;
          const formatted = formatDollarInput(typed);
          const position = caretAfterFormat(typed, event.target.selectionStart ?? typed.length, formatted);
          if (formatted === value) {
            // A refused character: nothing re-renders, so put the text and the caret back here.
            event.target.value = formatted;
            event.target.setSelectionRange(position, position);
            return;
          }
          caret.current = position;
          onValueChange?.(formatted);
        }}
      />
    </div>
  );
}
