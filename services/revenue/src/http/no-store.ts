/** Answers about one person's money are never cached (by the browser or anything in between). */
import type { Middleware } from '@platform/service-kit/http';

export const noStore: Middleware = (_req, res, next) => {
  res.set('Cache-Control', 'no-store');
  next();
};
