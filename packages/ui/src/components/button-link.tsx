/**
 * A link to a page of the site drawn as a button: the Button's look on a router `Link` (`Button asChild`),
 * with an optional icon before its words.
 */
import type { ComponentType } from 'react';
import type { To } from 'react-router-dom';
import { Link } from 'react-router-dom';
import { Button } from './button';
import type { ButtonProps } from './button';

export type ButtonLinkProps = Omit<ButtonProps, 'asChild'> & {
  to: To;
  icon?: ComponentType<{ 'aria-hidden'?: boolean | 'true' }>;
};

export function ButtonLink({ to, icon: Icon, children, ...buttonProps }: ButtonLinkProps) {
  return (
    <Button asChild {...buttonProps}>
      <Link to={to}>
        {Icon ? <Icon aria-hidden="true" /> : null}
        {children}
      </Link>
    </Button>
  );
}
