/**
 * `/account` (docs/behaviour/accounts.md#account-page): the signed-in person's name, password and e-mail
 * address, their membership's state, a membership plan's renewal (cancel or resume), links to the account's other pages (Orders & billing first),
 * and their data: its download and the account's deletion.
 * Signed-out visitors get 'Login Required' and go to /login.
 */
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import {
  type AuthUser,
  Badge,
  LoadingPlaceholder,
  SITE_NAME,
  SkeletonRows,
  TitledCard,
  useDocumentTitle,
  useSignInGate,
  useToastAndRedirect,
} from '@platform/ui';
import { ChevronRightIcon } from 'lucide-react';
import { ACCOUNT_COPY, ACCOUNT_LINKS } from '../lib/account-copy';
import { EmailForm } from './email-form';
import { MembershipPlans } from './membership-plans';
import { PasswordForm } from './password-form';
import { ProfileForm } from './profile-form';
import { YourData } from './your-data';
import { TitledPage } from '../../../components/titled-page';

const LOGIN_REDIRECT_DELAY_MS = 1000;

function membershipLabel(user: AuthUser): string {
  if (!user.isMember) return 'Free Account';
  return user.subscriptionStatus === 'trial' ? 'Trial Membership' : 'Active Membership';
}

function AccountLinks({ user }: { user: AuthUser }) {
  return (
    <TitledCard titleId="account-links-title" region titleClassName={null} title={ACCOUNT_COPY.linksTitle}>
      <ul className="divide-y divide-border rounded-md border border-border" data-testid="account-links">
        {ACCOUNT_LINKS.map((link) => (
          <li key={link.to}>
            <Link
              to={link.to}
              className="flex items-center justify-between gap-4 p-4 hover:bg-muted/50 focus-visible:outline-2 focus-visible:outline-ring"
            >
              <span className="min-w-0">
                <span className="block font-medium">{link.label}</span>
                <span className="block text-sm text-muted-foreground">{link.description}</span>
              </span>
              {link.to === '/membership' ? (
                <Badge variant={user.isMember ? 'success' : 'secondary'} className="shrink-0">
                  {membershipLabel(user)}
                </Badge>
              ) : (
                <ChevronRightIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
              )}
            </Link>
          </li>
        ))}
      </ul>
    </TitledCard>
  );
}

export function AccountPage() {
  useDocumentTitle(`${ACCOUNT_COPY.title} | ${SITE_NAME}`);
  // Signed out (or deleted) while the page was open: no 'Login Required', the navigation home follows.
  const { user, redirectToLogin } = useSignInGate();
  const redirect = useToastAndRedirect();

  useEffect(() => {
    if (redirectToLogin) {
      redirect(
        { title: 'Login Required', description: ACCOUNT_COPY.loginRequired, variant: 'destructive' },
        '/login',
        LOGIN_REDIRECT_DELAY_MS,
      );
    }
  }, [redirectToLogin, redirect]);

  return (
    <TitledPage title={ACCOUNT_COPY.title} description={ACCOUNT_COPY.description} width="max-w-3xl">
      <div className="mt-8 space-y-6">
        {user ? (
          <>
            <AccountLinks user={user} />
            <MembershipPlans />
            {/* A new user (after an e-mail change) starts the forms afresh. */}
            <ProfileForm key={`${user.id}-${user.firstName}-${user.lastName}`} user={user} />
            <PasswordForm />
            <EmailForm user={user} />
            <YourData />
          </>
        ) : (
          <LoadingPlaceholder label="Loading your account…" className="space-y-4">
            <SkeletonRows count={3} className="h-40 w-full" />
          </LoadingPlaceholder>
        )}
      </div>
    </TitledPage>
  );
}
