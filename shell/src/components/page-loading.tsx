/** Shown while a page's code or the remotes list loads. */
export function PageLoading() {
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-16">
      <p role="status" className="text-sm text-muted-foreground">
        Loading…
      </p>
    </div>
  );
}
