import { useEffect } from 'react';

export const SITE_NAME = 'Restaurant Consultant';

/** Sets `document.title` while the calling page is shown; pass the full title. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title;
  }, [title]);
}
