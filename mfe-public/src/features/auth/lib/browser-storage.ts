/** `localStorage`, or a storage that remembers nothing where the browser refuses it (privacy modes). */
import type { PlanStorage } from './pending-plan';

const NO_STORAGE: PlanStorage = { getItem: () => null, setItem: () => {}, removeItem: () => {} };

export function getBrowserStorage(): PlanStorage {
  try {
    return window.localStorage;
  } catch {
    return NO_STORAGE;
  }
}
