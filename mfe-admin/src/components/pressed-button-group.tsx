/** A choice among a few values drawn as a row of buttons: the chosen one filled and pressed (`aria-pressed`). */
import { Button } from '@platform/ui';
import type { ButtonProps } from '@platform/ui';

export function PressedButtonGroup<Value extends string>({
  label,
  className,
  size,
  options,
  value,
  onChange,
}: {
  /** The group's accessible name. */
  label: string;
  className: string;
  size?: ButtonProps['size'];
  options: readonly { value: Value; label: string }[];
  value: Value;
  onChange: (value: Value) => void;
}) {
  return (
    <div role="group" aria-label={label} className={className}>
      {options.map((option) => (
        <Button
          key={option.value}
          type="button"
          size={size}
          variant={value === option.value ? 'default' : 'outline'}
          aria-pressed={value === option.value}
          onClick={() => onChange(option.value)}
        >
          {option.label}
        </Button>
      ))}
    </div>
  );
}
