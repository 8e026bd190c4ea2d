/** The part of oidc-provider 9 (no bundled types) that the OpenID Connect tests use to play the provider. */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  interface Account {
    accountId: string;
    claims(): Record<string, unknown> | Promise<Record<string, unknown>>;
  }

  interface ClientMetadata {
    client_id: string;
    client_secret?: string;
    redirect_uris: string[];
    grant_types?: string[];
    response_types?: string[];
    token_endpoint_auth_method?: string;
  }

  interface Configuration {
    clients?: ClientMetadata[];
    cookies?: { keys?: string[] };
    claims?: Record<string, string[]>;
    features?: Record<string, { enabled: boolean }>;
    findAccount?: (ctx: unknown, id: string) => Account | undefined | Promise<Account | undefined>;
  }

  export default class Provider {
    constructor(issuer: string, configuration?: Configuration);
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
  }
}
