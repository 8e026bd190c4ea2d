// Bundled for Node by scripts/prerender.mjs: the shell's build-time render (`@platform/shell/prerender`)
// with the routes mfe-public exposes as `./routes`, imported by their federated name (`mfe_public/routes`,
// which the bundle resolves to the module the remote's rspack.config.mjs exposes) (docs/decisions.md, 55).
import { renderPage as renderShellPage } from '@platform/shell/prerender';
import * as exposedRoutes from 'mfe_public/routes';

/** The markup and title of `path`, as the page's entry (scripts/public-entry.mjs) hydrates it. */
export function renderPage(path) {
  return renderShellPage(path, exposedRoutes);
}
