#!/usr/bin/env node
// Runs the whole site in one process (embedded mode) until Ctrl-C. `npm start` builds first and then
// runs this; `npm run dev` runs it from the sources under `node --watch`.
import path from 'node:path';

const { startEmbedded } = await import('@platform/embedded');
let site;
try {
  site = await startEmbedded();
} catch (error) {
  console.error(error?.name === 'ConfigError' ? error.message : error);
  process.exit(1);
}
console.log(
  `\n  Restaurant Consultant is running at ${site.url.replace('0.0.0.0', 'localhost')}\n  Data: ${path.resolve(process.env.DATA_DIR || './data')}\n  Stop with Ctrl-C.\n`,
);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    console.log(`\n  ${signal}: stopping…`);
    // The whole stop fits in SHUTDOWN_TIMEOUT_MS (10 s): the gateway and the services share one deadline.
    const force = setTimeout(() => {
      console.error('  stopping took too long; exiting');
      process.exit(1);
    }, site.shutdownTimeoutMs);
    force.unref();
    site.stop().then(
      () => process.exit(0),
      (error) => {
        console.error(error);
        process.exit(1);
      },
    );
  });
}
