/**
 * The set-up every `describe.each(backings())` block shares: before its tests, create the backing and start
 * on it what the suite needs; after them, stop that and remove the backing (also when starting failed).
 */
import { afterAll, beforeAll } from '@jest/globals';
import type { Backing, BackingFactory } from './backings.js';

export interface Stoppable {
  stop(): Promise<void>;
}

export interface SuiteBacking {
  /** The backing the suite runs on (set once `beforeAll` ran). */
  readonly backing: Backing;
}

/**
 * Registers the suite's `beforeAll`/`afterAll`: `start` gets the fresh backing and returns what to stop
 * after the suite (a service under test, or several behind one `stop`). Without `start`, the suite's tests
 * start and stop what they need on `backing` themselves.
 */
export function useBacking(
  factory: BackingFactory,
  start?: (backing: Backing) => Promise<Stoppable | undefined | void>,
): SuiteBacking {
  let backing: Backing | undefined;
  let started: Stoppable | undefined | void;
  beforeAll(async () => {
    backing = await factory.create();
    started = await start?.(backing);
  });
  afterAll(async () => {
    try {
      await started?.stop();
    } finally {
      await backing?.cleanup();
    }
  });
  return {
    get backing(): Backing {
      if (!backing) throw new Error('the backing is created in beforeAll');
      return backing;
    },
  };
}

/**
 * What a suite's `beforeAll` makes, named where the suite is declared: every read (and write) goes to what
 * `current` returns at that moment, and fails until the `beforeAll` has made it.
 */
export function lateBound<T extends object>(current: () => T | undefined, what: string): T {
  const made = (): T => {
    const value = current();
    if (value === undefined) throw new Error(`${what} is made in the suite's beforeAll`);
    return value;
  };
  return new Proxy({} as T, {
    get: (_target, key) => Reflect.get(made(), key),
    set: (_target, key, value) => Reflect.set(made(), key, value),
    has: (_target, key) => Reflect.has(made(), key),
    ownKeys: () => Reflect.ownKeys(made()),
    getOwnPropertyDescriptor: (_target, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(made(), key);
      return descriptor && { ...descriptor, configurable: true };
    },
  });
}

/**
 * What `start` starts on `factory`'s backing in the suite's `beforeAll` (then `setUp`, e.g. the suite's
 * accounts), stopped in its `afterAll`: the harnesses' `use…` helpers. What it returns stands for the
 * running service, with the backing it runs on; `what` names it when it is read too early.
 */
export function useStarted<T extends Stoppable>(
  factory: BackingFactory,
  what: string,
  start: (backing: Backing) => Promise<T>,
  setUp?: () => Promise<void>,
): T & SuiteBacking {
  let current: T | undefined;
  const suite = useBacking(factory, async (backing) => {
    current = await start(backing);
    await setUp?.();
    return current;
  });
  return lateBound(() => current && { ...current, backing: suite.backing }, what);
}
