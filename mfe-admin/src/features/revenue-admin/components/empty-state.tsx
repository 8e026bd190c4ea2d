/** A tab with nothing in it: the fixed words, in a dashed box. */
export function EmptyState({ children }: { children: string }) {
  return (
    <p className="rounded-lg border border-dashed border-border p-8 text-center text-sm text-muted-foreground">
      {children}
    </p>
  );
}
