// Module Federation host: builds with no remotes; it reads their locations and routes from /remotes.json at start.
import { createFrontEndConfig } from '../scripts/rspack-shared.mjs';

export default createFrontEndConfig({
  name: 'shell',
  kind: 'host',
  dir: import.meta.dirname,
});
