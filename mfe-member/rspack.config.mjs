// Module Federation remote `mfe_member`: exposes ./routes and emits mf-manifest.json for the shell.
import { createFrontEndConfig } from '../scripts/rspack-shared.mjs';

export default createFrontEndConfig({
  name: 'mfe_member',
  kind: 'remote',
  dir: import.meta.dirname,
  exposes: { './routes': './src/routes.tsx' },
});
