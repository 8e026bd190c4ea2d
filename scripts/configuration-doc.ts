/**
 * docs/configuration.md, written from the processes' zod config schemas: each variable's description
 * (`.describe()` or `.meta({ description })`), its default and whether it is required. The test beside it
 * fails when the file and the schemas disagree; `npm run docs:config` writes it again.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import prettier from 'prettier';
import type { z } from 'zod';
import { baseServiceEnvShape } from '@platform/service-kit/config';
import { authConfigSchema } from '@platform/auth';
import { courseConfigSchema } from '@platform/course';
import { consultationConfigSchema } from '@platform/consultation';
import { paymentConfigSchema } from '@platform/payment';
import { revenueConfigSchema } from '@platform/revenue';
import { notificationConfigSchema } from '@platform/notification';
import { gatewayConfigSchema } from '@platform/gateway';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const configurationDocPath = path.join(root, 'docs', 'configuration.md');

const services = {
  auth: authConfigSchema,
  course: courseConfigSchema,
  consultation: consultationConfigSchema,
  payment: paymentConfigSchema,
  revenue: revenueConfigSchema,
  notification: notificationConfigSchema,
} as const;

/** Variables read by the runners and tests, not by a service's schema. */
const runnerVariables: Array<[string, string, string]> = [
  [
    'POSTGRES_URL',
    'unset',
    'a PostgreSQL server for the tests (a throwaway database per run) and `start:distributed`',
  ],
  [
    'NATS_URL',
    'unset',
    'a NATS server with JetStream for the tests (own streams per run) and `start:distributed`',
  ],
  ['CHROME_PATH', '`chromium-headless-shell`, else `chromium`', 'the browser the e2e suite drives'],
  ['E2E_WORKERS', '`3`', 'browser tests run side by side'],
  ['E2E_SCREENSHOTS', 'on', '`off` skips the pictures the specs attach to the report (CI does)'],
];

export interface SettingRow {
  name: string;
  shownDefault: string;
  description: string | undefined;
}

type AnySchema = z.ZodType & { _zod: { def: Record<string, unknown> } };

/** The first description and shown default found on the field or the wrappers inside it. */
function metaOf(field: AnySchema): { description?: string; default?: unknown } {
  const found: { description?: string; default?: unknown } = {};
  let current: AnySchema | undefined = field;
  while (current) {
    const meta = (current as unknown as { meta(): Record<string, unknown> | undefined }).meta() ?? {};
    found.description ??= (meta.description as string | undefined) ?? current.description;
    if (found.default === undefined && meta.default !== undefined) found.default = meta.default;
    const def: Record<string, unknown> = current._zod.def;
    current = (def.innerType ?? def.in) as AnySchema | undefined;
  }
  return found;
}

/** `required`, `unset`, or the default as written in the schema (before any transform). */
function defaultOf(field: AnySchema): string {
  let current: AnySchema | undefined = field;
  while (current) {
    const def: Record<string, unknown> = current._zod.def;
    if (def.type === 'default') {
      const value = def.defaultValue;
      if (Array.isArray(value)) return value.length === 0 ? 'none' : `\`${value.join(',')}\``;
      return value === '' ? 'empty' : `\`${String(value)}\``;
    }
    if (def.type === 'optional') return 'unset';
    current = (def.innerType ?? def.in) as AnySchema | undefined;
  }
  return field.safeParse(undefined).success ? 'unset' : 'required';
}

export function settingsOf(
  shape: Record<string, unknown>,
  keys: string[] = Object.keys(shape),
): SettingRow[] {
  return keys.map((name) => {
    const field = shape[name] as AnySchema;
    const meta = metaOf(field);
    const shownDefault = meta.default !== undefined ? String(meta.default) : defaultOf(field);
    return { name, shownDefault, description: meta.description };
  });
}

/** Every process's settings, grouped as the document shows them. */
export function configurationSections(): Array<{ title: string; intro: string; rows: SettingRow[] }> {
  const base = new Set(Object.keys(baseServiceEnvShape));
  const sharedServiceKeys = (name: string) => ['PORT', `${name.toUpperCase()}_DATABASE_URL`];
  const sections = [
    {
      title: 'Every service',
      intro:
        'Read by auth, course, consultation, payment, revenue and notification alike. ' +
        '`PORT` defaults to auth 4001, course 4002, consultation 4003, payment 4004, revenue 4005, ' +
        'notification 4006; `<SERVICE>_DATABASE_URL` is `AUTH_DATABASE_URL`, `COURSE_DATABASE_URL`, and so on.',
      rows: [
        ...settingsOf(services.auth.shape, ['PORT']).map((row) => ({ ...row, shownDefault: 'per service' })),
        ...settingsOf(services.auth.shape, ['AUTH_DATABASE_URL']).map((row) => ({
          ...row,
          name: '<SERVICE>_DATABASE_URL',
        })),
        ...settingsOf(baseServiceEnvShape),
      ],
    },
  ];
  for (const [name, schema] of Object.entries(services)) {
    const own = Object.keys(schema.shape).filter(
      (key) => !base.has(key) && !sharedServiceKeys(name).includes(key),
    );
    sections.push({
      title: `${name[0]!.toUpperCase()}${name.slice(1)} service`,
      intro: 'In addition to the settings of every service.',
      rows: settingsOf(schema.shape, own),
    });
  }
  sections.push({
    title: 'Gateway',
    intro: 'The one origin browsers talk to.',
    rows: settingsOf(gatewayConfigSchema.shape),
  });
  return sections;
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\s+/g, ' ').trim();

export async function renderConfigurationDoc(): Promise<string> {
  const lines: string[] = [
    '# Configuration',
    '',
    '<!-- Written by `npm run docs:config` from the config schemas; edit the schemas, not this file. -->',
    '',
    'Every process reads its settings from environment variables and validates them with zod at start; a',
    'missing or invalid setting stops it with a message naming the variable. Empty values count as unset.',
    'The embedded mode (`npm start`) sets what it needs itself (ports, secrets, folders); the distributed mode',
    'and `docker-compose.yml` set them per process.',
    '',
  ];
  for (const section of configurationSections()) {
    lines.push(`## ${section.title}`, '', section.intro, '');
    lines.push('| variable | default | what it does |', '| --- | --- | --- |');
    for (const row of section.rows) {
      lines.push(`| \`${row.name}\` | ${cell(row.shownDefault)} | ${cell(row.description ?? '')} |`);
    }
    lines.push('');
  }
  lines.push('## Runners and tests', '', 'Read by the scripts, not by a service.', '');
  lines.push('| variable | default | what it does |', '| --- | --- | --- |');
  for (const [name, shown, description] of runnerVariables)
    lines.push(`| \`${name}\` | ${shown} | ${description} |`);
  lines.push('');
  const options = (await prettier.resolveConfig(configurationDocPath)) ?? {};
  return prettier.format(lines.join('\n'), { ...options, parser: 'markdown' });
}

export function writtenConfigurationDoc(): string {
  return readFileSync(configurationDocPath, 'utf8');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const missing = configurationSections()
    .flatMap((section) => section.rows)
    .filter((row) => !row.description)
    .map((row) => row.name);
  if (missing.length > 0) {
    console.error(`These settings have no description in their schema: ${missing.join(', ')}`);
    process.exit(1);
  }
  writeFileSync(configurationDocPath, await renderConfigurationDoc());
  console.log(`wrote ${path.relative(root, configurationDocPath)}`);
}
