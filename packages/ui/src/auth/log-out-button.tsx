/**
 * 'Log out' / 'Logging out...' (docs/behaviour/accounts.md#signing-out): signs out through useLogout, which
 * shows the 'Logged out successfully' toast and goes home. Disabled while it works; `onClick` runs first (a
 * menu closes itself, say).
 */
import { Button } from '../components/button';
import type { ButtonProps } from '../components/button';
import { useLogout } from './use-logout';

export function LogOutButton({
  variant = 'outline',
  disabled,
  onClick,
  ...props
}: Omit<ButtonProps, 'children' | 'type' | 'asChild'>) {
  const { logout, isLoggingOut } = useLogout();
  return (
    <Button
      {...props}
      type="button"
      variant={variant}
      disabled={disabled || isLoggingOut}
      onClick={(event) => {
        onClick?.(event);
        void logout();
      }}
    >
      {isLoggingOut ? 'Logging out...' : 'Log out'}
    </Button>
  );
}
