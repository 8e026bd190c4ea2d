/** A link to another page of the site drawn as a button, its icon first. */
import type { ComponentProps, ComponentType, ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@platform/ui';

export function LinkButton({
  to,
  icon: Icon,
  children,
  ...button
}: Pick<ComponentProps<typeof Button>, 'variant' | 'size' | 'className'> & {
  to: string;
  icon: ComponentType<{ 'aria-hidden'?: boolean | 'true' }>;
  children: ReactNode;
}) {
  return (
    <Button asChild {...button}>
      <Link to={to}>
        <Icon aria-hidden="true" />
        {children}
      </Link>
    </Button>
  );
}
