import { registerRemotes } from '@module-federation/enhanced/runtime';
import { useQuery } from '@tanstack/react-query';

/** One micro-frontend as the gateway lists it in /remotes.json. */
export type RemoteEntry = {
  /** Module Federation name, e.g. `mfe_public`. */
  name: string;
  /** URL of its `mf-manifest.json`, e.g. `/mfe/public/mf-manifest.json`. */
  entry: string;
};

function isRemoteEntry(value: unknown): value is RemoteEntry {
  if (typeof value !== 'object' || value === null) return false;
  const { name, entry } = value as Record<string, unknown>;
  return typeof name === 'string' && name !== '' && typeof entry === 'string' && entry !== '';
}

function parseRemoteList(body: unknown): RemoteEntry[] {
  const remotes =
    typeof body === 'object' && body !== null ? (body as { remotes?: unknown }).remotes : undefined;
  if (!Array.isArray(remotes) || !remotes.every(isRemoteEntry)) {
    throw new Error('/remotes.json is not { "remotes": [{ "name", "entry" }] }');
  }
  return remotes.map(({ name, entry }) => ({ name, entry }));
}

export async function getRemoteList(): Promise<RemoteEntry[]> {
  const response = await fetch('/remotes.json');
  if (!response.ok) throw new Error(`GET /remotes.json answered ${response.status}`);
  return parseRemoteList(await response.json());
}

/** Fetches the remote list once and registers it with the federation runtime before anything loads a remote. */
export function useRemoteList() {
  return useQuery({
    queryKey: ['remotes'],
    queryFn: async () => {
      const remotes = await getRemoteList();
      registerRemotes(remotes);
      return remotes;
    },
  });
}
