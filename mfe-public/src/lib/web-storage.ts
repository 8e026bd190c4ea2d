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

/** What `key` holds, read as JSON; null when nothing is kept, it is not JSON or the storage refuses. */
export function readStoredJson(storage: KeyValueStorage | null, key: string): unknown {
  try {
    const raw = storage?.getItem(key);
    if (!raw) return null;
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}

/** Keeps `value` as JSON under `key`; a full or refused storage only costs what it would have kept. */
export function writeStoredJson(storage: KeyValueStorage | null, key: string, value: unknown): void {
  try {
    storage?.setItem(key, JSON.stringify(value));
  } catch {
    // Nothing kept: the page goes on without it.
  }
}

/** Forgets `key`; a refused storage has nothing to forget. */
export function removeStored(storage: KeyValueStorage | null, key: string): void {
  try {
    storage?.removeItem(key);
  } catch {
    // see writeStoredJson
  }
}

/** What `key` holds when it is a JSON object; null for nothing kept, anything else, or a refusing storage. */
export function readStoredObject(
  storage: KeyValueStorage | null,
  key: string,
): Record<string, unknown> | null {
  const parsed = readStoredJson(storage, key);
  return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
    ? (parsed as Record<string, unknown>)
    : null;
}

/**
 * The texts `source` holds for `fields`, each cut to `maxLength` (kept form values stay small); a field
 * without a text is left out, and so is anything that is not one of `fields`.
 */
export function pickTexts<Field extends string>(
  source: Partial<Record<Field, unknown>>,
  fields: readonly Field[],
  maxLength: number,
): Partial<Record<Field, string>> {
  const texts: Partial<Record<Field, string>> = {};
  for (const field of fields) {
    const value = source[field];
    if (typeof value === 'string') texts[field] = value.slice(0, maxLength);
  }
  return texts;
}
