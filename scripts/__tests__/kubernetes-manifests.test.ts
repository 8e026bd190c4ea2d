/**
 * The Kubernetes manifests (deploy/k8s) rendered as an operator renders them (`kubectl kustomize`),
 * every object validated against the Kubernetes schemas offline (kubernetes-models bundles them), and
 * kept in step with docker-compose.yml: each of its services, settings and ports has a counterpart here.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { parse, parseAllDocuments } from 'yaml';
import type { z } from 'zod';
import { authConfigSchema } from '@platform/auth';
import { courseConfigSchema } from '@platform/course';
import { consultationConfigSchema } from '@platform/consultation';
import { paymentConfigSchema } from '@platform/payment';
import { revenueConfigSchema } from '@platform/revenue';
import { notificationConfigSchema } from '@platform/notification';
import { gatewayConfigSchema } from '@platform/gateway';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: {
    configMapKeyRef?: { name: string; key: string; optional?: boolean };
    secretKeyRef?: { name: string; key: string; optional?: boolean };
  };
}
interface Probe {
  httpGet?: { path: string; port: string | number };
}
interface Container {
  name: string;
  image: string;
  args?: string[];
  ports?: Array<{ name?: string; containerPort: number }>;
  env?: EnvVar[];
  resources?: { requests?: { cpu?: string; memory?: string } };
  startupProbe?: Probe;
  livenessProbe?: Probe;
  readinessProbe?: Probe;
}
interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string };
  data?: Record<string, string>;
  spec?: {
    template?: { spec: { containers: Container[] } };
    ports?: Array<{ name: string; port: number; targetPort: string | number }>;
    selector?: Record<string, string> | { matchLabels: Record<string, string> };
    scaleTargetRef?: { kind: string; name: string };
    minAvailable?: number;
  };
}

function render(folder: string): K8sObject[] {
  const result = spawnSync('kubectl', ['kustomize', path.join(root, folder)], { encoding: 'utf8' });
  if (result.error)
    throw new Error(`kubectl is needed to render ${folder} (.ci/run installs it): ${result.error.message}`);
  if (result.status !== 0) throw new Error(`kubectl kustomize ${folder} failed:\n${result.stderr}`);
  return parseAllDocuments(result.stdout).map((document) => document.toJS() as K8sObject);
}

/** `kubernetes-models/apps/v1/Deployment`, `kubernetes-models/v1/Service`, … */
async function validateObject(object: K8sObject): Promise<void> {
  const modulePath = `kubernetes-models/${object.apiVersion}/${object.kind}`;
  const models = (await import(modulePath)) as Record<string, new (data: unknown) => { validate(): void }>;
  const Model = models[object.kind];
  if (!Model) throw new Error(`no schema for ${object.apiVersion} ${object.kind}`);
  new Model(object).validate();
}

const overlay = render('deploy/k8s/overlays/example');
const base = render('deploy/k8s/base');

const compose = parse(readFileSync(path.join(root, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
  services: Record<
    string,
    {
      command?: string[];
      environment?: Record<string, string>;
      build?: { args?: Record<string, string> };
      healthcheck?: { test: string[] };
    }
  >;
};

const nodeProcesses: Record<string, z.ZodObject> = {
  auth: authConfigSchema,
  course: courseConfigSchema,
  consultation: consultationConfigSchema,
  payment: paymentConfigSchema,
  revenue: revenueConfigSchema,
  notification: notificationConfigSchema,
  gateway: gatewayConfigSchema,
};
const frontEnds = ['shell', 'mfe-public', 'mfe-member', 'mfe-admin'];
/** Compose runs these itself; on Kubernetes they are external, reached through the named setting. */
const externalDependencies: Record<string, RegExp> = {
  postgres: /^[A-Z]+_DATABASE_URL$/,
  nats: /^NATS_URL$/,
  minio: /^S3_ENDPOINT$/,
  mailpit: /^SMTP_URL$/,
  redis: /^REDIS_URL$/,
};

function find(objects: K8sObject[], kind: string, name: string): K8sObject {
  const found = objects.find((object) => object.kind === kind && object.metadata.name === name);
  if (!found) throw new Error(`no ${kind} ${name} in the manifests`);
  return found;
}
const containerOf = (name: string) => find(overlay, 'Deployment', name).spec!.template!.spec.containers[0]!;
const envNames = (name: string) => (containerOf(name).env ?? []).map((variable) => variable.name);
const config = overlay.find((object) => object.kind === 'ConfigMap')!;
const composeEnv = (name: string) =>
  Object.fromEntries(
    Object.entries(compose.services[name]?.environment ?? {}).map(([k, v]) => [k, String(v)]),
  );

/** What a container's environment holds once deployed; secrets get the compose value or a valid stand-in. */
function deployedEnv(name: string): Record<string, string> {
  const env: Record<string, string> = {};
  const fromCompose = composeEnv(name);
  for (const variable of containerOf(name).env ?? []) {
    const { configMapKeyRef, secretKeyRef } = variable.valueFrom ?? {};
    if (variable.value !== undefined) env[variable.name] = variable.value;
    else if (configMapKeyRef) {
      const value = config.data?.[configMapKeyRef.key];
      if (value !== undefined) env[variable.name] = value;
    } else if (secretKeyRef && !secretKeyRef.optional) {
      const stand = fromCompose[variable.name];
      env[variable.name] = stand && !stand.startsWith('${') ? stand : 'x'.repeat(64);
    }
  }
  return env;
}

describe('Kubernetes manifests (deploy/k8s)', () => {
  it('render, and every object of the base and the example overlay is valid against the Kubernetes schemas', async () => {
    expect(overlay.length).toBeGreaterThan(40);
    for (const object of [...base, ...overlay]) {
      await expect(validateObject(object)).resolves.toBeUndefined();
    }
  });

  it('catches an object the schemas refuse (the check above can fail)', async () => {
    const broken = structuredClone(find(overlay, 'Deployment', 'auth'));
    (broken.spec!.template!.spec.containers[0]!.ports![0] as { containerPort: unknown }).containerPort =
      'http';
    await expect(validateObject(broken)).rejects.toThrow(/containerPort must be integer/);
  });

  it('every compose service is a Deployment with a Service, or an external dependency a setting points at', () => {
    for (const name of Object.keys(compose.services)) {
      if (name in externalDependencies) {
        const setting = externalDependencies[name]!;
        const reading = Object.keys(nodeProcesses).filter((process) =>
          envNames(process).some((n) => setting.test(n)),
        );
        expect({ name, reading: reading.length > 0 }).toEqual({ name, reading: true });
        continue;
      }
      expect(find(overlay, 'Deployment', name).metadata.namespace).toBe('restaurant-consultant');
      find(overlay, 'Service', name);
    }
  });

  it.each(Object.keys(nodeProcesses))(
    '%s: every compose setting is set, and only settings its schema reads',
    (name) => {
      const schema = nodeProcesses[name]!;
      const missing = Object.keys(composeEnv(name)).filter((key) => !envNames(name).includes(key));
      expect(missing).toEqual([]);
      expect(envNames(name).filter((key) => !(key in schema.shape))).toEqual([]);
    },
  );

  it.each(Object.keys(nodeProcesses))(
    '%s: the deployed settings are accepted by its config schema',
    (name) => {
      const result = nodeProcesses[name]!.safeParse(deployedEnv(name));
      expect(result.success ? [] : result.error.issues).toEqual([]);
    },
  );

  it.each(Object.keys(nodeProcesses))('%s: entry point, port, Service and probes match compose', (name) => {
    const container = containerOf(name);
    const port = Number(composeEnv(name).PORT);
    expect(container.args).toEqual(compose.services[name]!.command);
    expect(container.image).toMatch(/\/restaurant-consultant\/node:/);
    expect(deployedEnv(name).PORT).toBe(String(port));
    expect(container.ports).toContainEqual({ name: 'http', containerPort: port });
    // Prometheus scrapes the private metrics port, which no Service exposes.
    expect(container.ports).toContainEqual({
      name: 'metrics',
      containerPort: Number(deployedEnv(name).METRICS_PORT),
    });
    expect(find(overlay, 'Service', name).spec!.ports).toEqual([{ name: 'http', port, targetPort: 'http' }]);
    // Compose's health check asks /readyz; Kubernetes sends traffic on it and restarts only on /livez.
    expect(compose.services[name]!.healthcheck!.test.join(' ')).toContain('/readyz');
    expect(container.readinessProbe?.httpGet).toEqual({ path: '/readyz', port: 'http' });
    expect(container.livenessProbe?.httpGet).toEqual({ path: '/livez', port: 'http' });
    expect(container.startupProbe?.httpGet).toEqual({ path: '/livez', port: 'http' });
  });

  it('the gateway reaches each service and front end at its Service name and port', () => {
    const gateway = deployedEnv('gateway');
    for (const name of Object.keys(nodeProcesses).filter((n) => n !== 'gateway')) {
      expect(gateway[`${name.toUpperCase()}_SERVICE_URL`]).toBe(
        `http://${name}:${find(overlay, 'Service', name).spec!.ports![0]!.port}`,
      );
    }
    for (const name of frontEnds) {
      const variable = name === 'shell' ? 'SHELL_ORIGIN' : `MFE_${name.slice(4).toUpperCase()}_ORIGIN`;
      expect(gateway[variable]).toBe(composeEnv('gateway')[variable]);
      expect(find(overlay, 'Service', name).spec!.ports![0]!.port).toBe(8080);
    }
  });

  it.each(frontEnds)('%s runs its own image on the port its nginx listens on', (name) => {
    const container = containerOf(name);
    expect(compose.services[name]!.build!.args!.APP).toBe(name);
    expect(container.image).toMatch(new RegExp(`/restaurant-consultant/${name}:`));
    expect(container.ports).toContainEqual({ name: 'http', containerPort: 8080 });
  });

  it('every Deployment has resource requests, a PodDisruptionBudget and an autoscaler', () => {
    for (const deployment of overlay.filter((object) => object.kind === 'Deployment')) {
      const name = deployment.metadata.name;
      for (const container of deployment.spec!.template!.spec.containers) {
        expect(container.resources?.requests).toEqual({
          cpu: expect.any(String),
          memory: expect.any(String),
        });
      }
      expect(find(overlay, 'PodDisruptionBudget', name).spec!.minAvailable).toBe(1);
      expect(find(overlay, 'HorizontalPodAutoscaler', name).spec!.scaleTargetRef).toMatchObject({
        kind: 'Deployment',
        name,
      });
    }
  });

  it('settings come from the one ConfigMap, which holds every key read, and secrets only by reference', () => {
    const deployment = readFileSync(path.join(root, 'docs/deployment.md'), 'utf8');
    expect(overlay.filter((object) => object.kind === 'Secret')).toEqual([]);
    for (const name of Object.keys(nodeProcesses)) {
      for (const variable of containerOf(name).env ?? []) {
        const { configMapKeyRef, secretKeyRef } = variable.valueFrom ?? {};
        if (configMapKeyRef) {
          expect(configMapKeyRef.name).toBe(config.metadata.name);
          if (!configMapKeyRef.optional)
            expect(Object.keys(config.data ?? {})).toContain(configMapKeyRef.key);
        }
        // The operator creates the Secret from the list in docs/deployment.md.
        if (secretKeyRef)
          expect({
            key: secretKeyRef.key,
            documented: deployment.includes(`\`${secretKeyRef.key}\``),
          }).toEqual({ key: secretKeyRef.key, documented: true });
      }
    }
  });
});
