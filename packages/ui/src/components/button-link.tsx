/** A link to a page of the site drawn as a button: the Button's look on a router `Link` (`Button asChild`). */
import type { To } from 'react-router-dom';
import { Link } from 'react-router-dom';
import { Button } from './button';
import type { ButtonProps } from './button';

export type ButtonLinkProps = Omit<ButtonProps, 'asChild'> & { to: To };

export function ButtonLink({ to, children, ...buttonProps }: ButtonLinkProps) {
  return (
    <Button asChild {...buttonProps}>
      <Link to={to}>{children}</Link>
    </Button>
  );
}
