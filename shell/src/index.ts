// The shared modules the first render uses are eager in the shell (scripts/rspack-shared.mjs), so it
// starts without an asynchronous boundary: everything it needs is in the page's initial scripts.
import './bootstrap';
