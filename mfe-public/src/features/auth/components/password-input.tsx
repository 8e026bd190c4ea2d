/** A password box with a show/hide toggle: a real toggle button (`aria-pressed`) with a fixed name. */
import { useState } from 'react';
import type { ComponentProps } from 'react';
import { Input, cn } from '@platform/ui';
import { EyeIcon, EyeOffIcon } from 'lucide-react';

type PasswordInputProps = Omit<ComponentProps<'input'>, 'type'> & {
  /** The toggle's accessible name, e.g. 'Show password'. */
  toggleLabel: string;
};

export function PasswordInput({ toggleLabel, className, ...props }: PasswordInputProps) {
  const [isVisible, setIsVisible] = useState(false);
  const Icon = isVisible ? EyeOffIcon : EyeIcon;

  return (
    <div className="relative">
      <Input
        type={isVisible ? 'text' : 'password'}
        autoCapitalize="none"
        spellCheck={false}
        className={cn('pr-12', className)}
        {...props}
      />
      <button
        type="button"
        aria-label={toggleLabel}
        aria-pressed={isVisible}
        aria-controls={props.id}
        onClick={() => setIsVisible((visible) => !visible)}
        className="absolute inset-y-0 right-0 flex w-11 cursor-pointer items-center justify-center rounded-r-md text-muted-foreground transition-colors hover:text-foreground outline-hidden focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset"
      >
        <Icon className="size-5" aria-hidden="true" />
      </button>
    </div>
  );
}
