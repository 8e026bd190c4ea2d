/** A demo service on the kit's HTTP stack, for the tests of what that stack gives every route. */
import { pino } from 'pino';
import { createServiceApp, type CreateServiceAppOptions } from '../app.js';
import { listen, type RunningServer } from '../server.js';

/** Starts the demo service, logging nothing, with its token secret and its routes, on a free port. */
export function startDemoApp(
  internalTokenSecret: string,
  routes: Pick<CreateServiceAppOptions, 'routes' | 'publicRoutes'>,
): Promise<RunningServer> {
  const app = createServiceApp({
    service: 'demo',
    logger: pino({ level: 'silent' }),
    internalTokenSecret,
    readiness: {},
    ...routes,
  });
  return listen(app, 0, '127.0.0.1');
}
