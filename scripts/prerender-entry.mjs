// Bundled for Node by scripts/prerender.mjs: the shell's server-side render (`@platform/shell/prerender`)
// with the routes mfe-public exposes as `./routes`, imported by their federated name (`mfe_public/routes`,
// which the bundle resolves to the module the remote's rspack.config.mjs exposes) (docs/decisions.md, 55,
// 110). The build renders each page with it; the gateway loads the same file to render the pages that
// show API data with the current answers (gateway/src/front-end/live-pages.ts).
import {
  firstViewUrls as shellFirstViewUrls,
  renderDocument as renderShellDocument,
} from '@platform/shell/prerender';
import * as exposedRoutes from 'mfe_public/routes';

/** The whole page of `path` in `template`, drawn with `answers` (URL → JSON), as scripts/public-entry.mjs hydrates it. */
export function renderDocument(template, path, answers = {}) {
  return renderShellDocument(template, path, exposedRoutes, answers);
}

/** The URLs of the API answers `path` is drawn with. */
export function firstViewUrls(path) {
  return shellFirstViewUrls(path, exposedRoutes);
}
