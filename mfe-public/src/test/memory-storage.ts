import type { KeyValueStorage } from '../lib/web-storage';

/** A `localStorage` stand-in for the storage rules' tests: its entries in `data`, optionally seeded. */
export type MemoryStorage = KeyValueStorage & {
  data: Map<string, string>;
};

export function memoryStorage(initial: Record<string, string> = {}): MemoryStorage {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

/** A storage that refuses every call, as a browser in a privacy mode or with a full quota may. */
export function refusingStorage(): KeyValueStorage {
  return {
    getItem: () => {
      throw new Error('denied');
    },
    setItem: () => {
      throw new Error('full');
    },
    removeItem: () => {
      throw new Error('denied');
    },
  };
}
