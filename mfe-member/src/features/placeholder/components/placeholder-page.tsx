import { Button, LogOutButton, SITE_NAME, useAuth, useDocumentTitle } from '@platform/ui';
import { Link } from 'react-router-dom';

/**
 * Stands in for a page a later issue builds: says so plainly, offers the way home and, to a signed-in
 * member, the way out.
 */
export function PlaceholderPage({ name }: { name: string }) {
  useDocumentTitle(`${name} - ${SITE_NAME}`);
  const { user } = useAuth();

  return (
    <section className="mx-auto w-full max-w-6xl px-4 py-20 text-center">
      {user?.firstName ? <p className="mb-2 text-lg font-medium">Welcome, {user.firstName}</p> : null}
      <h1 className="text-3xl font-bold tracking-tight">{name} is on its way</h1>
      <p className="mx-auto mt-3 max-w-xl text-muted-foreground">
        This page is not built yet. Everything else on the site works in the meantime.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button asChild>
          <Link to="/">Back to the home page</Link>
        </Button>
        {user ? <LogOutButton /> : null}
      </div>
    </section>
  );
}
