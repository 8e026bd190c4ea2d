/** NATS for tests: the server from NATS_URL, and stream names unique per run so runs never share data. */
import { randomBytes } from 'node:crypto';
import { deleteJetStreamStreams } from '../events/jetstream-bus.js';

export function natsUrlFromEnv(): string | undefined {
  return process.env.NATS_URL || undefined;
}

export interface TestStreamNames {
  /** e.g. `T_m1abc_1f2e3d4c` (its dead-letter stream is `<stream>_DLQ`). */
  stream: string;
  /** e.g. `t-m1abc-1f2e3d4c`: a subject token of its own, so test streams never overlap. */
  subjectPrefix: string;
}

export function uniqueStreamNames(prefix = 'T'): TestStreamNames {
  const suffix = `${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  return {
    stream: `${prefix}_${suffix}`,
    subjectPrefix: `${prefix}_${suffix}`.toLowerCase().replace(/_/g, '-'),
  };
}

/** Deletes the streams (and dead-letter streams) of the given test names; missing ones are fine. */
export async function deleteTestStreams(servers: string, ...names: TestStreamNames[]): Promise<void> {
  for (const { stream } of names) await deleteJetStreamStreams(servers, stream);
}
