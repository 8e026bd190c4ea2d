import { Button, LogOutButton, Skeleton, cn, useAuth } from '@platform/ui';
import { Link } from 'react-router-dom';

/**
 * docs/behaviour/site-wide.md#site-header-and-footer: 'My Dashboard' and 'Log out' when signed in, 'Login'
 * when not, a placeholder while unknown.
 */
export function AccountLink({ className, onNavigate }: { className?: string; onNavigate?: () => void }) {
  const { isAuthenticated, isLoading } = useAuth();

  if (isLoading) return <Skeleton className={cn('h-10 w-28', className)} data-testid="account-loading" />;

  if (!isAuthenticated) {
    return (
      <Button asChild className={className}>
        <Link to="/login" onClick={onNavigate}>
          Login
        </Link>
      </Button>
    );
  }

  return (
    <>
      <Button asChild className={className}>
        <Link to="/member/dashboard" onClick={onNavigate}>
          My Dashboard
        </Link>
      </Button>
      <LogOutButton className={className} onClick={onNavigate} />
    </>
  );
}
