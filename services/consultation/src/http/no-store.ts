/** Answers about one person's requests are never cached (browsers, proxies). */
import type { Middleware } from '@platform/service-kit/http';

export const noStore: Middleware = (_req, res, next) => {
  res.set('Cache-Control', 'no-store');
  next();
};
