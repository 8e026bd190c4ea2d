/**
 * What `import { … } from '@jest/globals'` answers in a test file (scripts/jest/tsconfig.json maps it
 * here): the globals jest-light-runner sets, with jest's timeouts, which that runner does not apply.
 * `it(name, fn, ms)` and the hooks' `(fn, ms)` fail after `ms`, everything else after jest.config.js's
 * `testTimeout` (JEST_TEST_TIMEOUT_MS); a test past its time fails with jest's message and the file goes
 * on, so a hung call cannot hold the run. An error thrown or a promise rejected outside any test (a
 * timer's callback, a stream's handler) fails the test that runs, as under jest's own runner, instead of
 * ending the runner's process.
 */
import { bind } from 'jest-each';

const DEFAULT_TIMEOUT_MS = Number(process.env.JEST_TEST_TIMEOUT_MS) || 5_000;

const strayErrors = [];
process.on('uncaughtException', (error) => strayErrors.push(error));
process.on('unhandledRejection', (reason) => strayErrors.push(reason));

function failOnStrayError() {
  if (strayErrors.length === 0) return;
  const [first] = strayErrors.splice(0);
  const message = first instanceof Error ? first.message : String(first);
  throw new Error(`Thrown outside the test: ${message}`, { cause: first });
}

function timed(fn, ms = DEFAULT_TIMEOUT_MS, what = 'test') {
  if (typeof fn !== 'function') return fn;
  return function timedCall() {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`Exceeded timeout of ${ms} ms for a ${what}.`)), ms);
      Promise.resolve()
        .then(() => fn.call(this))
        .then(failOnStrayError, (error) => {
          // The test failed on its own: report what was thrown beside it here, not on the next test.
          for (const stray of strayErrors.splice(0)) console.error('Thrown outside the test:', stray);
          throw error;
        })
        .then(resolve, reject)
        .finally(() => clearTimeout(timer));
    });
  };
}

function withTimeouts(register) {
  const wrapped = (name, fn, ms) => register(name, timed(fn, ms), ms);
  const only = (name, fn, ms) => register.only(name, timed(fn, ms), ms);
  wrapped.each = bind(wrapped);
  only.each = bind(only);
  wrapped.only = only;
  wrapped.skip = register.skip;
  return wrapped;
}

const hook = (register) => (fn, ms) => register(timed(fn, ms, 'hook'));

const runner = globalThis;
export const test = withTimeouts(runner.test);
export const it = withTimeouts(runner.it);
export const beforeAll = hook(runner.beforeAll);
export const afterAll = hook(runner.afterAll);
export const beforeEach = hook(runner.beforeEach);
export const afterEach = hook(runner.afterEach);
export const { expect, describe, jest } = runner;
