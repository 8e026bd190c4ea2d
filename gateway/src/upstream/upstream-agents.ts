/**
 * One keep-alive agent per upstream. Without it every proxied request opens a new connection
 * (thousands of TIME_WAIT sockets and seconds of latency under load).
 */
import http from 'node:http';
import https from 'node:https';

export type UpstreamAgent = http.Agent | https.Agent;

export interface UpstreamAgents {
  /** The agent for an upstream base URL; the same URL always gets the same agent. */
  agentFor(baseUrl: string): UpstreamAgent;
  /** Closes every pooled socket; in-flight requests on busy sockets are not interrupted. */
  destroy(): void;
}

const AGENT_OPTIONS = {
  keepAlive: true,
  keepAliveMsecs: 1_000,
  maxSockets: 256,
  maxFreeSockets: 64,
  scheduling: 'lifo',
} as const;

export function createUpstreamAgents(): UpstreamAgents {
  const agents = new Map<string, UpstreamAgent>();
  return {
    agentFor(baseUrl) {
      const { protocol, host } = new URL(baseUrl);
      const key = `${protocol}//${host}`;
      let agent = agents.get(key);
      if (!agent) {
        agent = protocol === 'https:' ? new https.Agent(AGENT_OPTIONS) : new http.Agent(AGENT_OPTIONS);
        agents.set(key, agent);
      }
      return agent;
    },
    destroy() {
      for (const agent of agents.values()) agent.destroy();
      agents.clear();
    },
  };
}
