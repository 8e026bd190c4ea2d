/**
 * The one field for an amount of money (docs/decisions.md, 67): a '$' before it, exactly what was typed in
 * it, and on leaving it a valid amount written the standard way ('45000.5' → '45,000.50'); text the parser
 * refuses stays as typed, for the form to show its message under the field. The form holds the text and
 * reads it into cents with the same parser (`moneyTextField` in the contracts).
 */
import type { ComponentProps } from 'react';
import { formatMoneyInput, parseMoneyInput } from '@platform/contracts/format';
import type { MoneyInputRules } from '@platform/contracts/format';
import { cn } from '../lib/cn';
import { Input } from './input';

export type MoneyInputProps = Omit<
  ComponentProps<'input'>,
  'value' | 'defaultValue' | 'onChange' | 'type'
> & {
  /** The text as typed. */
  value: string;
  onValueChange?: (text: string) => void;
  /** The field's rules (a minus sign allowed, the largest amount): what may be rewritten on leaving it. */
  rules?: MoneyInputRules;
};

export function MoneyInput({
  value,
  onValueChange,
  onBlur,
  rules,
  readOnly,
  className,
  ...props
}: MoneyInputProps) {
  return (
    <div className="relative">
      <span
        aria-hidden="true"
        className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-muted-foreground md:text-sm"
      >
        $
      </span>
      <Input
        {...props}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        spellCheck={false}
        readOnly={readOnly}
        value={value}
        className={cn('pl-7 tabular-nums', readOnly && 'bg-muted', className)}
        onChange={(event) => onValueChange?.(event.target.value)}
        onBlur={(event) => {
          if (!readOnly && value.trim() !== '') {
            const read = parseMoneyInput(value, rules);
            const shown = read.ok ? formatMoneyInput(read.cents) : value;
            if (shown !== value) onValueChange?.(shown);
          }
          onBlur?.(event);
        }}
      />
    </div>
  );
}
