/**
 * jest-light-runner's child-process runner (jest.config.js), with one fix: each test file's task gets a
 * channel of its own for the runner's settings.
 *
 * A new process asks the runner for its settings once, over the channel of the task it was given. The
 * runner shares one channel between all tasks, and the first process to ask is answered on every task's
 * channel registered so far: a process still loading its modules gets the answer before it listens, drops
 * it, and waits forever once it asks (about one run in ten here hung so, with a process that never started
 * its first file). A channel per task answers only the process that asked.
 */
import ChildProcessRunner from 'jest-light-runner/child-process';

/** The runner's answer to "jest-light-runner-get-worker-data", for the one process holding the task. */
function settingsChannel(workerData) {
  let waiting;
  return {
    onMessage(listener) {
      waiting = listener;
    },
    postMessage(message) {
      if (message !== 'jest-light-runner-get-worker-data' || !waiting) return;
      const listener = waiting;
      waiting = undefined;
      listener({ type: 'jest-light-runner-worker-data', workerData });
    },
  };
}

export default class LightRunnerWithOwnChannels extends ChildProcessRunner {
  _runTest(test) {
    const projectConfig = test.context.config;
    const isNew = !this._testRunners.has(projectConfig);
    // The first file goes out on the runner's shared channel; only its process ever registers there.
    const result = super._runTest(test);
    if (isNew && this._runtime === 'child_process') {
      const entry = this._testRunners.get(projectConfig);
      const workerData = { globalConfig: this._globalConfig, projectConfig, runtime: this._runtime };
      entry.run = (next) => entry.pool.run(next.path, { channel: settingsChannel(workerData) });
    }
    return result;
  }
}
