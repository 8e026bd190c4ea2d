import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import http from 'node:http';
import net from 'node:net';
import readline from 'node:readline';
import { CreateCheckoutSessionResponseSchema } from '@platform/contracts';
import { waitFor } from '@platform/service-kit/testing';

export async function freePort(): Promise<number> {
  const server = net.createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface StartedProcess {
  child: ChildProcess;
  output: string[];
  /** Resolves with the first output line matching `pattern`. */
  waitFor(pattern: RegExp, timeoutMs: number): Promise<RegExpMatchArray>;
  exit: Promise<[number | null, NodeJS.Signals | null]>;
}

export function startNode(
  args: string[],
  env: Record<string, string | undefined>,
  cwd: string,
): StartedProcess {
  const child = spawn(process.execPath, args, {
    cwd,
    env: env as NodeJS.ProcessEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const waiters: Array<{ pattern: RegExp; resolve: (m: RegExpMatchArray) => void }> = [];
  for (const stream of [child.stdout!, child.stderr!]) {
    readline.createInterface({ input: stream }).on('line', (line) => {
      output.push(line);
      for (const waiter of [...waiters]) {
        const match = line.match(waiter.pattern);
        if (match) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve(match);
        }
      }
    });
  }
  const exit = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
  return {
    child,
    output,
    exit,
    waitFor: (pattern, timeoutMs) =>
      new Promise((resolve, reject) => {
        const existing = output.map((line) => line.match(pattern)).find(Boolean);
        if (existing) return resolve(existing);
        const timer = setTimeout(
          () =>
            reject(
              new Error(
                `no line matching ${pattern} within ${timeoutMs} ms:\n${output.slice(-30).join('\n')}`,
              ),
            ),
          timeoutMs,
        );
        waiters.push({
          pattern,
          resolve: (match) => {
            clearTimeout(timer);
            resolve(match);
          },
        });
        void exit.then(([code]) => {
          clearTimeout(timer);
          reject(
            new Error(
              `process exited (${code}) before printing ${pattern}:\n${output.slice(-30).join('\n')}`,
            ),
          );
        });
      }),
  };
}

/** Headers a caller might send to pretend to be someone; the gateway must ignore all of them. */
export const spoofedIdentityHeaders = {
  'x-internal-token':
    'eyJhbGciOiJIUzI1NiJ9.eyJraW5kIjoidXNlciIsImVtYWlsIjoiYWRtaW5AZXhhbXBsZS5jb20iLCJyb2xlIjoiYWRtaW4iLCJzdWIiOiIxIn0.c2lnbmF0dXJl',
  'x-user-id': '1',
  'x-user-email': 'admin@example.com',
  'x-user-role': 'admin',
  'x-forwarded-user': 'admin@example.com',
};

/**
 * The status of a GET sent with exactly these headers. `fetch` adds `Cache-Control: no-cache` to a
 * conditional request, which asks a server to send the whole answer again.
 */
export function statusOf(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers, agent: false }, (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      })
      .on('error', reject);
  });
}

/**
 * A guest's checkout of the consultation on a running site, once the payment service has the catalogue the
 * course service publishes at its start; resolves with the test provider's payment page address.
 */
export async function startGuestCheckout(
  siteUrl: string,
  buyer: { email: string; firstName: string; lastName: string },
): Promise<string> {
  const { email, firstName, lastName } = buyer;
  const checkout = await waitFor(
    () =>
      fetch(`${siteUrl}/api/create-checkout-session`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          items: [{ id: 'restaurant-consultation', name: 'Restaurant Consultation', price: 1, quantity: 1 }],
          customer_email: email,
          customer_name: `${firstName} ${lastName}`,
          billingInfo: {
            firstName,
            lastName,
            email,
            address: '1 Main Street',
            city: 'Austin',
            state: 'TX',
            zip: '78701',
            country: 'US',
          },
        }),
      }),
    (response) => response.status === 200,
    'a checkout session',
  );
  return CreateCheckoutSessionResponseSchema.parse(await checkout.json()).url;
}
