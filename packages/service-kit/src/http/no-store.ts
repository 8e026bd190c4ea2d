/**
 * `Cache-Control` for answers no cache may keep: put first in a route's chain, so refusals (401, 403, 404,
 * 400) carry it too. `privateNoStore` for answers that are the caller's own (a browser's private cache is
 * told not to keep them either, and no shared cache may).
 */
import type { Middleware } from './validate.js';

export const noStore: Middleware = (_req, res, next) => {
  res.set('Cache-Control', 'no-store');
  next();
};

export const privateNoStore: Middleware = (_req, res, next) => {
  res.set('Cache-Control', 'private, no-store');
  next();
};
