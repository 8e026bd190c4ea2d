/** NATS for tests: the server from NATS_URL, and stream names unique per run so runs never share data. */
import { randomBytes } from 'node:crypto';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
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

/**
 * Resolves once every consumer of `stream` has been handed every message and acknowledged it: each
 * handler has finished (applied the event, or found it changed nothing). Tests wait for this instead of
 * sleeping before they assert that a redelivery changed nothing.
 */
export async function waitForStreamDrained(
  servers: string,
  stream: string,
  { timeoutMs = 15_000 }: { timeoutMs?: number } = {},
): Promise<void> {
  const nc = await connect({ servers: servers.split(',').map((server) => server.trim()) });
  try {
    const jsm = await jetstreamManager(nc);
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const busy: string[] = [];
      for await (const consumer of jsm.consumers.list(stream)) {
        if (consumer.num_pending > 0 || consumer.num_ack_pending > 0) busy.push(consumer.name);
      }
      if (busy.length === 0) return;
      if (Date.now() > deadline) throw new Error(`consumers of ${stream} still busy: ${busy.join(', ')}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    await nc.close();
  }
}
