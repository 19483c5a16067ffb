import { map } from 'nanostores';
import { servicePrefixes, type ServiceName } from './services';
import { shared } from './shared';

/** Base URLs of the five platform services the elements call. */
export type ServiceBases = Record<ServiceName, string>;

export interface AtriumConfig {
  services: ServiceBases;
  /** Sent as the Tenant-Code header; empty for the group itself. */
  tenantCode: string;
  /** The `{product}` path segment of the spec (`/bpm/{product}Script/...`). */
  product: string;
  /** Where the host portal lives; print links and "open in portal" targets start here. */
  frontBase: string;
  /** Where a 401 sends the user; empty keeps the user on the page (embedded use). */
  loginUrl: string;
  /** Nonce for the style tags emotion writes, for hosts with a strict CSP. */
  cspNonce?: string;
  /** Single-sign-on mode: the sign-on address; guarded pages then use its tickets. */
  ssoUrl?: string;
}

/** Settings a host page may give before loading an element: `window.atriumConfig = {...}`. */
export type AtriumConfigInput = Partial<Omit<AtriumConfig, 'services'>> & {
  services?: Partial<ServiceBases>;
  /** Shorthand: one origin for every service, with the standard prefixes. */
  apiOrigin?: string;
};

/**
 * By default the API lives where the script came from, so a third-party page that loads
 * `https://atrium.example/elements/login.js` talks to `https://atrium.example/uc/...`.
 */
function scriptOrigin(): string {
  try {
    return new URL(import.meta.url).origin;
  } catch {
    return globalThis.location?.origin ?? '';
  }
}

export function servicesAt(origin: string): ServiceBases {
  const entries = Object.entries(servicePrefixes).map(([name, prefix]) => [name, origin + prefix]);
  return Object.fromEntries(entries) as unknown as ServiceBases;
}

export function resolveConfig(
  input: AtriumConfigInput = {},
  origin = scriptOrigin(),
): AtriumConfig {
  const apiOrigin = input.apiOrigin ?? origin;
  const frontBase = input.frontBase ?? `${apiOrigin}/fvue`;
  return {
    services: { ...servicesAt(apiOrigin), ...input.services },
    tenantCode: input.tenantCode ?? '',
    product: input.product ?? 'atrium',
    frontBase,
    loginUrl: input.loginUrl ?? `${frontBase}/login`,
    ...(input.cspNonce ? { cspNonce: input.cspNonce } : {}),
    ...(input.ssoUrl ? { ssoUrl: input.ssoUrl } : {}),
  };
}

/**
 * The nonce a page announces with `<meta property="csp-nonce" nonce="...">` (Vite's
 * convention; the Atrium server fills it in per request). Browsers hide a nonce from
 * getAttribute, so it is read from the property.
 */
function pageNonce(): string | undefined {
  const meta = globalThis.document?.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]');
  return meta?.nonce || undefined;
}

function initialConfig(): AtriumConfig {
  const fromPage = (globalThis as { atriumConfig?: AtriumConfigInput }).atriumConfig ?? {};
  const nonce = fromPage.cspNonce ?? pageNonce();
  return resolveConfig({ ...fromPage, ...(nonce ? { cspNonce: nonce } : {}) });
}

export const $config = shared('config', () => map<AtriumConfig>(initialConfig()));

/**
 * Changes some settings; the rest stay as they are. A new `apiOrigin` moves the services,
 * and the portal's address and login page with them where those were the old origin's
 * defaults (a host that named its own keeps them).
 */
export function configure(input: AtriumConfigInput): void {
  const current = $config.get();
  const { apiOrigin, services, ...rest } = input;
  // The old origin's defaults: what a host that named nothing has.
  const old = current.services.uc.slice(0, -3);
  const follows = (value: string, suffix: string) => apiOrigin && value === old + suffix;
  $config.set({
    ...current,
    ...(follows(current.frontBase, '/fvue') && { frontBase: `${apiOrigin}/fvue` }),
    ...(follows(current.loginUrl, '/fvue/login') && { loginUrl: `${apiOrigin}/fvue/login` }),
    ...rest,
    services: { ...(apiOrigin ? servicesAt(apiOrigin) : current.services), ...services },
  } as AtriumConfig);
}
