import { Button, SITE_NAME, useDocumentTitle } from '@platform/ui';

export function RemoteLoadError({ onRetry }: { onRetry: () => void }) {
  useDocumentTitle(`Page could not be loaded | ${SITE_NAME}`);

  return (
    <section role="alert" className="mx-auto w-full max-w-md px-4 py-20 text-center">
      <h1 className="text-xl font-semibold">This part of the site could not be loaded.</h1>
      <p className="mt-2 text-muted-foreground">Please check your connection and try again.</p>
      <Button type="button" className="mt-6" onClick={onRetry}>
        Retry
      </Button>
    </section>
  );
}
