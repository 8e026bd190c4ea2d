/**
 * A person's data as one zip (docs/behaviour/accounts.md#your-data-export-and-deletion; docs/decisions.md,
 * 102): `GET /api/account/export` for the signed-in person, `GET /api/admin/users/{userId}/export` for the
 * admin on a person's request. The gateway owns no data: it asks every service for its part
 * (`/internal/personal-data`, with the caller's internal token, so each service decides who may read it),
 * then streams a zip of `<service>.json` and the files each part lists, fetched one at a time from the
 * service that stores them. Both run modes reach the services over their loopback or network address.
 */
import http from 'node:http';
import https from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import yazl from 'yazl';
import { PersonalDataPartSchema, type Caller, type PersonalDataPart } from '@platform/contracts';
import { SERVICE_NAMES, type ServiceName } from '@platform/contracts/services';
import { INTERNAL_TOKEN_HEADER, REQUEST_ID_HEADER, signInternalToken } from '@platform/service-kit/identity';
import { traceHeaders } from '@platform/service-kit/runtime';
import { getServiceUrl, type GatewayConfig } from '../config.js';
import { answerBusy } from '../overload/shed-load.js';
import { answerJson, requestPath } from '../plain-http.js';
import type { CallerResolver } from '../session/resolve-caller.js';
import { getJson } from '../upstream/get-json.js';
import type { UpstreamAgents } from '../upstream/upstream-agents.js';
import { UpstreamError } from '../upstream/upstream.errors.js';

const OWN_EXPORT = '/api/account/export';
const ADMIN_EXPORT = /^\/api\/admin\/users\/([0-9a-f-]{36})\/export\/?$/i;
// A part is rows of JSON (the mail log is the largest): far below this.
const MAX_PART_BYTES = 32 * 1024 * 1024;

export interface AccountExportOptions {
  config: GatewayConfig;
  agents: UpstreamAgents;
  callers: CallerResolver;
}

interface Person {
  userId: string;
  email?: string;
}

export function createAccountExport({ config, agents, callers }: AccountExportOptions) {
  const tokenFor = (caller: Caller) => signInternalToken(caller, config.INTERNAL_TOKEN_SECRET);

  function handles(req: IncomingMessage): boolean {
    if (req.method !== 'GET') return false;
    const path = requestPath(req);
    return path === OWN_EXPORT || path === `${OWN_EXPORT}/` || ADMIN_EXPORT.test(path);
  }

  function query(person: Person, extra: Record<string, string> = {}): string {
    const params = new URLSearchParams({ userId: person.userId, ...extra });
    if (person.email) params.set('email', person.email);
    return params.toString();
  }

  function headersFor(caller: Caller, req: IncomingMessage): Record<string, string> {
    return {
      [INTERNAL_TOKEN_HEADER]: tokenFor(caller),
      [REQUEST_ID_HEADER]: String(req.id),
      ...traceHeaders(),
    };
  }

  async function partOf(service: ServiceName, person: Person, caller: Caller, req: IncomingMessage) {
    const url = getServiceUrl(config, service);
    const answer = await getJson(`${url}/internal/personal-data?${query(person)}`, {
      upstream: service,
      headers: headersFor(caller, req),
      timeoutMs: config.UPSTREAM_TIMEOUT_MS,
      agent: agents.agentFor(url),
      maxBodyBytes: MAX_PART_BYTES,
    });
    const parsed = PersonalDataPartSchema.safeParse(answer.body);
    if (answer.status !== 200 || !parsed.success) {
      throw new UpstreamError(service, 'unavailable', {
        cause: new Error(`personal data answered ${answer.status}`),
      });
    }
    return parsed.data;
  }

  function fileOf(service: ServiceName, person: Person, key: string, caller: Caller, req: IncomingMessage) {
    const url = getServiceUrl(config, service);
    const target = new URL(`${url}/internal/personal-data/file?${query(person, { key })}`);
    return (done: (error: unknown, stream: NodeJS.ReadableStream) => void) => {
      const transport = target.protocol === 'https:' ? https : http;
      const request = transport.get(target, {
        headers: headersFor(caller, req),
        agent: agents.agentFor(url),
      });
      request.on('error', (error) => done(error, undefined as never));
      request.on('response', (response) => {
        if (response.statusCode !== 200) {
          response.resume();
          done(new Error(`${service} answered ${response.statusCode} for a file`), undefined as never);
          return;
        }
        done(null, response);
      });
    };
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let caller: Caller;
    try {
      caller = await callers.resolveCaller(req.headers.cookie, String(req.id));
    } catch (error) {
      if (!(error instanceof UpstreamError)) throw error;
      answerBusy(res, config.RETRY_AFTER_SECONDS);
      return;
    }
    if (caller.kind !== 'user') {
      answerJson(res, 401, { message: 'Unauthorized' }, { 'cache-control': 'no-store' });
      return;
    }
    const adminTarget = ADMIN_EXPORT.exec(requestPath(req))?.[1];
    if (adminTarget && caller.role !== 'admin') {
      answerJson(res, 403, { message: 'Access denied' }, { 'cache-control': 'no-store' });
      return;
    }

    const parts = new Map<ServiceName, PersonalDataPart>();
    let person: Person;
    try {
      // The account first: for the admin's export it names the person's address.
      const auth = await partOf('auth', { userId: adminTarget ?? caller.userId }, caller, req);
      const account = auth.tables.users?.[0];
      if (!account) {
        answerJson(res, 404, { message: 'No account with this id' }, { 'cache-control': 'no-store' });
        return;
      }
      parts.set('auth', auth);
      person = { userId: String(account.id), email: String(account.email) };
      const others = SERVICE_NAMES.filter((service) => service !== 'auth');
      const answers = await Promise.all(others.map((service) => partOf(service, person, caller, req)));
      others.forEach((service, index) => parts.set(service, answers[index]!));
    } catch (error) {
      if (!(error instanceof UpstreamError)) throw error;
      req.log.warn({ err: error }, 'a service could not give its part of an export');
      answerBusy(res, config.RETRY_AFTER_SECONDS);
      return;
    }

    const zip = new yazl.ZipFile();
    const exportedAt = new Date();
    zip.addBuffer(
      Buffer.from(
        JSON.stringify(
          { exportedAt: exportedAt.toISOString(), userId: person.userId, services: [...parts.keys()] },
          null,
          2,
        ),
      ),
      'README.json',
    );
    for (const [service, part] of parts) {
      zip.addBuffer(Buffer.from(JSON.stringify(part.tables, null, 2)), `${service}.json`);
      for (const file of part.files) {
        zip.addReadStreamLazy(`files/${safeName(file.name)}`, fileOf(service, person, file.key, caller, req));
      }
    }
    zip.end();
    res.statusCode = 200;
    res.setHeader('content-type', 'application/zip');
    res.setHeader(
      'content-disposition',
      `attachment; filename="your-data-${exportedAt.toISOString().slice(0, 10)}.zip"`,
    );
    res.setHeader('cache-control', 'no-store');
    zip.outputStream.on('error', (error) => {
      req.log.error({ err: error }, 'the export stopped part way');
      res.destroy();
    });
    zip.outputStream.pipe(res);
  }

  return { handles, handle };
}

/** A path inside the zip: no way up or out, whatever a file was called when uploaded. */
function safeName(name: string): string {
  return name
    .split('/')
    .map((segment) =>
      Array.from(segment, (char) => (char.charCodeAt(0) < 32 || '\\:*?"<>|'.includes(char) ? '_' : char))
        .join('')
        .replace(/^\.+$/, '_'),
    )
    .filter((segment) => segment.length > 0)
    .join('/');
}
