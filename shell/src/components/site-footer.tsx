import { Link } from 'react-router-dom';
import { RENDERED_WHEN_NEAR, cn } from '@platform/ui';

const FOOTER_LINKS = [
  { label: 'Services', to: '/services' },
  { label: 'Plans', to: '/pricing' },
  { label: 'Free Consultation', to: '/consultation' },
  { label: 'Contact', to: '/contact' },
] as const;

const FOOTER_LINK_CLASS =
  'rounded-sm underline-offset-4 hover:text-foreground hover:underline outline-hidden focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background';

export function SiteFooter() {
  return (
    // Below the first screen on every page: drawn as it nears the view (docs/decisions.md, 115).
    <footer className={cn('border-t border-border bg-muted', RENDERED_WHEN_NEAR)}>
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-6 text-sm text-muted-foreground sm:flex-row sm:items-center sm:justify-between">
        {/* The year of a page prerendered in December may be last year's until hydrated. */}
        <p suppressHydrationWarning>
          © {new Date().getFullYear()} Restaurant Consultant. Courses and consulting for restaurant owners.
        </p>
        <nav aria-label="Footer">
          <ul className="flex flex-wrap gap-x-4 gap-y-2">
            {FOOTER_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className={FOOTER_LINK_CLASS}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </footer>
  );
}
