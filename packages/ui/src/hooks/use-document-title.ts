import { useEffect } from 'react';

export const SITE_NAME = 'Restaurant Consultant';

// Set only by the build's prerendering (shell/src/prerender.tsx), which writes the page's title into
// its HTML; in a browser nothing listens.
let titleListener: ((title: string) => void) | undefined;

/** Build time: hears the title each page rendered from now on asks for (undefined stops listening). */
export function listenToDocumentTitles(listener: ((title: string) => void) | undefined): void {
  titleListener = listener;
}

/** Sets `document.title` while the calling page is shown; pass the full title. */
export function useDocumentTitle(title: string): void {
  titleListener?.(title);
  useEffect(() => {
    document.title = title;
  }, [title]);
}
