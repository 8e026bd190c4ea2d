/**
 * The browser's key-value storages as the public pages use them: each reader takes one (a test passes its
 * own) and treats null, a storage the browser refuses (privacy modes), as nothing kept.
 */

/** The part of `Storage` the pages use. */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** This tab's sessionStorage, or null where the browser refuses it. */
export function sessionStore(): KeyValueStorage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** This device's localStorage, or null where the browser refuses it. */
export function deviceStore(): KeyValueStorage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}
