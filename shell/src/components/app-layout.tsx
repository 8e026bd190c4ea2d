import type { MouseEvent, ReactNode } from 'react';
import { HydrateLater } from '@platform/ui';
import { MAIN_CONTENT_ID } from '../features/navigation/main-content';
import { useScrollToTopOnNavigate } from '../features/navigation/use-scroll-to-top-on-navigate';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

function skipToMain(event: MouseEvent<HTMLAnchorElement>) {
  // Focus <main> without putting a hash into the router's URL.
  event.preventDefault();
  const main = document.getElementById(MAIN_CONTENT_ID);
  main?.focus();
  main?.scrollIntoView({ block: 'start' });
}

/** Header, full-width <main> (pages set their own container width) and footer. */
export function AppLayout({ children }: { children: ReactNode }) {
  useScrollToTopOnNavigate();

  return (
    <div className="flex min-h-screen flex-col bg-background text-foreground">
      <a
        href={`#${MAIN_CONTENT_ID}`}
        onClick={skipToMain}
        className="sr-only rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 outline-hidden focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
      >
        Skip to main content
      </a>
      {/* The page hydrates first, the header and footer each in a task of their own after it. */}
      <HydrateLater>
        <SiteHeader />
      </HydrateLater>
      {/*
        At least a viewport high below the 64 px header (+1 px border): the footer starts below the fold, so
        it does not jump when the page's code and data arrive (layout shift).
      */}
      <main
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        className="flex min-h-[calc(100dvh-4rem)] flex-1 flex-col outline-hidden"
      >
        {children}
      </main>
      <HydrateLater>
        <SiteFooter />
      </HydrateLater>
    </div>
  );
}
