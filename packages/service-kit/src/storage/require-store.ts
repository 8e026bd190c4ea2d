/** The service's object store, for the routes of a service that declares `usesStorage`. */
import { AppError } from '../errors.js';
import type { ObjectStore } from './types.js';

/** `deps.store`, or 503 when the service runs without one. */
export function requireStore(store: ObjectStore | undefined): ObjectStore {
  if (!store) throw new AppError('unavailable', 'File storage is not available');
  return store;
}
