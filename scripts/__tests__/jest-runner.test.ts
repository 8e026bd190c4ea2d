/**
 * The way jest runs here (scripts/jest.mjs, docs/decisions.md, 62): test files in plain Node processes,
 * with jest's timeouts and its handling of errors thrown outside a test added back, and no process left
 * waiting for its settings. Runs the runner on the small files in fixtures/jest-runner and reads its report.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const fixtures = path.join(root, 'scripts', '__tests__', 'fixtures', 'jest-runner');

interface Report {
  numTotalTestSuites: number;
  testResults: {
    name: string;
    assertionResults: { title: string; status: string; failureMessages: string[] }[];
  }[];
}

describe('jest through scripts/jest.mjs', () => {
  let folder: string;
  let child: ChildProcess | undefined;
  let exitCode: number | null;
  let report: Report;
  const outcome = (title: string) => {
    const test = report.testResults
      .flatMap((file) => file.assertionResults)
      .find((result) => result.title === title);
    if (!test) throw new Error(`no test named "${title}" in the report`);
    return { status: test.status, message: test.failureMessages.join('\n') };
  };

  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'jest-runner-'));
    const outputFile = path.join(folder, 'report.json');
    child = spawn(
      process.execPath,
      [
        path.join(root, 'scripts', 'jest.mjs'),
        '--roots',
        fixtures,
        '--testMatch',
        '**/*.check.ts',
        '--maxWorkers',
        '3',
        '--json',
        `--outputFile=${outputFile}`,
      ],
      { cwd: root, stdio: 'ignore', detached: true },
    );
    const runner = child;
    exitCode = await new Promise<number | null>((resolve, reject) => {
      runner.once('error', reject);
      runner.once('exit', (code) => resolve(code));
    });
    report = JSON.parse(await readFile(outputFile, 'utf8')) as Report;
  }, 50_000);

  afterAll(async () => {
    // Whatever happened (a run past the hook's timeout too), no runner process outlives the test.
    try {
      if (child?.pid) process.kill(-child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it('runs every file, each process taking several, and reports the failures with exit code 1', () => {
    expect(report.numTotalTestSuites).toBe(8);
    for (let n = 1; n <= 6; n += 1) expect(outcome(`file ${n} runs`).status).toBe('passed');
    expect(exitCode).toBe(1);
  });

  it("fails a test or a table row past its own timeout with jest's message, and goes on", () => {
    expect(outcome('a test past its own timeout fails')).toEqual({
      status: 'failed',
      message: expect.stringContaining('Exceeded timeout of 200 ms for a test.'),
    });
    expect(outcome('a table row 3 past its timeout fails').status).toBe('failed');
    expect(outcome('a table row 1 within its time passes').status).toBe('passed');
    expect(outcome('a table row 2 within its time passes').status).toBe('passed');
    expect(outcome('the default timeout is jest.config.js testTimeout').status).toBe('passed');
  });

  it('fails the test during which an error is thrown or a rejection goes unhandled, not the process', () => {
    expect(outcome('an error thrown by a timer the test started fails the test')).toEqual({
      status: 'failed',
      message: expect.stringContaining('Thrown outside the test: thrown by a timer'),
    });
    expect(outcome('a promise rejected with no handler fails the test')).toEqual({
      status: 'failed',
      message: expect.stringContaining('Thrown outside the test: rejected with no handler'),
    });
    expect(
      outcome('a test that fails on its own keeps its own error, and the stray one is not left for the next'),
    ).toEqual({ status: 'failed', message: expect.stringContaining('the test failed on its own') });
    expect(outcome('the process goes on to the next test').status).toBe('passed');
  });
});
