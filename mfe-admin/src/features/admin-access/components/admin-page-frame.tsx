/**
 * The frame every admin page shares (docs/behaviour/admin.md#admin-access): its document title, the
 * breadcrumb back to the admin home, the heading with its description, and the page's width. The access
 * check and its waiting line are the layout route's (`AdminLayout`); a page renders its content inside.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { SITE_NAME, cn, useDocumentTitle } from '@platform/ui';

const WIDTHS = {
  '3xl': 'max-w-3xl',
  '4xl': 'max-w-4xl',
  '5xl': 'max-w-5xl',
  '6xl': 'max-w-6xl',
} as const;

export type AdminPageFrameProps = {
  /** The heading; the document title is `<title> | Admin | <site>` unless `documentTitle` says otherwise. */
  title: string;
  documentTitle?: string;
  description: ReactNode;
  /** Keeps the description to a readable line length. */
  narrowDescription?: boolean;
  width: keyof typeof WIDTHS;
  /** The 'Admin / <title>' breadcrumb of the pages below the admin home. */
  breadcrumb?: boolean;
  /** The gap below the header. */
  headerSpacing?: 'mb-6' | 'mb-8';
  /** Shown between the heading and the description. */
  subtitle?: ReactNode;
  /** Shown below the description, inside the header. */
  headerExtra?: ReactNode;
  /** Shown beside the heading (on a phone below it). */
  actions?: ReactNode;
  children: ReactNode;
};

export function AdminPageFrame({
  title,
  documentTitle = `${title} | Admin | ${SITE_NAME}`,
  description,
  narrowDescription = false,
  width,
  breadcrumb = true,
  headerSpacing = 'mb-8',
  subtitle,
  headerExtra,
  actions,
  children,
}: AdminPageFrameProps) {
  useDocumentTitle(documentTitle);
  const heading = (
    <>
      <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
      {subtitle}
      <p className={cn('mt-2', narrowDescription && 'max-w-3xl', 'text-muted-foreground')}>{description}</p>
      {headerExtra}
    </>
  );
  return (
    <div className={cn('mx-auto w-full', WIDTHS[width], 'px-4 py-10 sm:py-12')}>
      {breadcrumb ? (
        <nav aria-label="Breadcrumb" className="mb-4 text-sm">
          <Link to="/admin" className="text-primary underline-offset-4 hover:underline">
            Admin
          </Link>
          <span aria-hidden="true" className="px-2 text-muted-foreground">
            /
          </span>
          <span aria-current="page">{title}</span>
        </nav>
      ) : null}
      {actions ? (
        <header className={cn(headerSpacing, 'flex flex-wrap items-end justify-between gap-4')}>
          <div className="min-w-0">{heading}</div>
          {actions}
        </header>
      ) : (
        <header className={headerSpacing}>{heading}</header>
      )}
      {children}
    </div>
  );
}
