import { ButtonLink, SITE_NAME, useDocumentTitle } from '@platform/ui';

/** Stands in for a page a later issue builds: says so plainly and offers the way home. */
export function PlaceholderPage({ name }: { name: string }) {
  useDocumentTitle(`${name} | ${SITE_NAME}`);

  return (
    <section className="mx-auto w-full max-w-6xl px-4 py-20 text-center">
      <h1 className="text-3xl font-bold tracking-tight">{name} is on its way</h1>
      <p className="mx-auto mt-3 max-w-xl text-muted-foreground">
        This page is not built yet. Everything else on the site works in the meantime.
      </p>
      <ButtonLink to="/" className="mt-8">
        Back to the home page
      </ButtonLink>
    </section>
  );
}
