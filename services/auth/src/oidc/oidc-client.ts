/**
 * OpenID Connect sign-in with openid-client: authorization code + PKCE (S256), state and nonce. The
 * provider's metadata is discovered on first use and kept; a failed discovery is retried next time.
 */
import { ADDRESS_PATTERN } from '@platform/contracts';
import * as client from 'openid-client';
import type { Clock } from '@platform/service-kit/clock';
import type { Logger } from '@platform/service-kit/logger';
import type { AuthConfig } from '../config.js';
import { OIDC_FLOW_TTL_SECONDS, type OidcFlow } from './oidc-flow-cookie.js';

const DISCOVERY_TIMEOUT_SECONDS = 10;

export interface OidcIdentity {
  /** `<issuer>#<sub>`: the provider's stable id for the person. */
  subject: string;
  email: string;
  firstName: string;
  lastName: string;
}

export class OidcSignInError extends Error {}

export interface OidcClient {
  /** Where to send the browser, and what to remember for the callback. */
  begin(): Promise<{ url: URL; flow: OidcFlow }>;
  /** Checks the provider's answer (state, PKCE, nonce, ID token) and returns who signed in. */
  complete(callbackQuery: string, flow: OidcFlow): Promise<OidcIdentity>;
}

export interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret: string | undefined;
  redirectUri: string;
  scope: string;
}

/** The OIDC settings, or null when no provider is configured. */
export function oidcSettingsFrom(config: AuthConfig): OidcSettings | null {
  if (!config.OIDC_ISSUER_URL || !config.OIDC_CLIENT_ID) return null;
  return {
    issuer: config.OIDC_ISSUER_URL,
    clientId: config.OIDC_CLIENT_ID,
    clientSecret: config.OIDC_CLIENT_SECRET,
    redirectUri: config.OIDC_REDIRECT_URI ?? `${config.PUBLIC_BASE_URL}/api/callback`,
    scope: config.OIDC_SCOPES,
  };
}

export function createOidcClient(settings: OidcSettings, clock: Clock, logger: Logger): OidcClient {
  let configuration: Promise<client.Configuration> | undefined;

  function discover(): Promise<client.Configuration> {
    configuration ??= (async () => {
      const issuer = new URL(settings.issuer);
      const insecure = issuer.protocol === 'http:';
      if (insecure) logger.warn({ issuer: settings.issuer }, 'OpenID Connect provider over plain http');
      return client.discovery(
        issuer,
        settings.clientId,
        settings.clientSecret
          ? { client_secret: settings.clientSecret }
          : { token_endpoint_auth_method: 'none' },
        settings.clientSecret ? client.ClientSecretBasic(settings.clientSecret) : client.None(),
        {
          timeout: DISCOVERY_TIMEOUT_SECONDS,
          ...(insecure ? { execute: [client.allowInsecureRequests] } : {}),
        },
      );
    })().catch((error: unknown) => {
      configuration = undefined;
      throw error;
    });
    return configuration;
  }

  return {
    async begin() {
      const config = await discover();
      const verifier = client.randomPKCECodeVerifier();
      const flow: OidcFlow = {
        state: client.randomState(),
        nonce: client.randomNonce(),
        verifier,
        expiresAt: clock.now().getTime() + OIDC_FLOW_TTL_SECONDS * 1000,
      };
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: settings.redirectUri,
        scope: settings.scope,
        code_challenge: await client.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        state: flow.state,
        nonce: flow.nonce,
      });
      return { url, flow };
    },

    async complete(callbackQuery, flow) {
      const config = await discover();
      const currentUrl = new URL(settings.redirectUri);
      currentUrl.search = callbackQuery;
      const tokens = await client.authorizationCodeGrant(config, currentUrl, {
        pkceCodeVerifier: flow.verifier,
        expectedState: flow.state,
        expectedNonce: flow.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new OidcSignInError('the provider returned no ID token');
      let profile: Record<string, unknown> = claims;
      if (typeof claims.email !== 'string') {
        profile = { ...(await client.fetchUserInfo(config, tokens.access_token, claims.sub)), ...claims };
      }
      const email = typeof profile.email === 'string' ? profile.email.trim().toLowerCase() : '';
      if (!ADDRESS_PATTERN.test(email))
        throw new OidcSignInError('the provider did not share an e-mail address');
      if (profile.email_verified !== true)
        throw new OidcSignInError('the provider has not verified the e-mail address');
      const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
      const fullName = text(profile.name);
      return {
        subject: `${claims.iss}#${claims.sub}`,
        email,
        firstName: text(profile.given_name) || fullName.split(/\s+/)[0] || email.split('@')[0] || '',
        lastName: text(profile.family_name) || fullName.split(/\s+/).slice(1).join(' '),
      };
    },
  };
}
