// The browser entry of the prerendered public pages (docs/decisions.md, 87), bundled by
// scripts/prerender.mjs beside the pages it writes: hydrates the page with the shell's frame and the
// routes mfe-public exposes as `./routes` (imported by their federated name, which the bundle resolves to
// the module the remote's rspack.config.mjs exposes). No federation runtime, no remote list. The routes
// are a chunk of their own, run in a task of their own after this one (docs/decisions.md, 101).
import { hydratePublicPage } from '@platform/shell/public-page';

void import('mfe_public/routes').then((exposedRoutes) => hydratePublicPage(exposedRoutes));
