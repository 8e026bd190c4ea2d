/*
 * The API answers a prerendered public page is drawn with (docs/decisions.md, 110): a route names them in
 * `handle.firstViewData` (each a GET whose query key is its URL, as every read here is, and the page's own
 * check of the answer). The server renders the page with them and writes them into the page as
 * `<script type="application/json" id="first-view-data">`; the browser puts them in its query cache
 * before hydrating, so the page's first render is the server's and asks the API nothing.
 */
import type { RouteMatch } from 'react-router-dom';
import type { QueryClient } from '@tanstack/react-query';

/** One answer a page's first view reads: its URL (the query key) and the page's check of its shape. */
export type FirstViewRead = { url: string; read: (body: unknown) => unknown };

/** Each read URL → the answer's JSON. */
export type FirstViewAnswers = Record<string, unknown>;

export const FIRST_VIEW_DATA_ID = 'first-view-data';

/** The answers a page reads first, from the `handle.firstViewData` of the routes its address matches. */
export function firstViewReads(matches: RouteMatch[]): FirstViewRead[] {
  return matches.flatMap(
    ({ route }) => (route.handle as { firstViewData?: FirstViewRead[] } | undefined)?.firstViewData ?? [],
  );
}

/**
 * Puts the answers into the query cache under their URLs, each checked by its page's reader; an answer
 * missing or of another shape is left out (the page then reads it as before).
 */
export function seedFirstViewData(
  queryClient: QueryClient,
  reads: FirstViewRead[],
  answers: FirstViewAnswers,
): void {
  for (const { url, read } of reads) {
    if (!(url in answers)) continue;
    try {
      queryClient.setQueryData([url], read(answers[url]));
    } catch {
      // Of another shape: the page asks for it itself.
    }
  }
}

/** The answers as the page's data block: JSON that cannot close the script element. */
export function firstViewDataScript(answers: FirstViewAnswers): string {
  if (Object.keys(answers).length === 0) return '';
  const json = JSON.stringify(answers)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return `<script type="application/json" id="${FIRST_VIEW_DATA_ID}">${json}</script>`;
}

/** The answers the server wrote into this page, or none. */
export function readFirstViewData(document: Document): FirstViewAnswers {
  const text = document.getElementById(FIRST_VIEW_DATA_ID)?.textContent;
  if (!text) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' ? (parsed as FirstViewAnswers) : {};
  } catch {
    return {};
  }
}
