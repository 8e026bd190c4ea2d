import { ButtonLink, SITE_NAME, useDocumentTitle } from '@platform/ui';

export function NotFoundPage() {
  useDocumentTitle(`Page Not Found | ${SITE_NAME}`);

  return (
    <section className="mx-auto w-full max-w-6xl px-4 py-20 text-center">
      <h1 className="text-3xl font-bold tracking-tight">404 Page Not Found</h1>
      <p className="mt-3 text-muted-foreground">The page you are looking for does not exist or has moved.</p>
      <ButtonLink to="/" className="mt-8">
        Go to the home page
      </ButtonLink>
    </section>
  );
}
