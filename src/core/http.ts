import axios, { AxiosError, type AxiosInstance, type AxiosRequestConfig } from 'axios';
import type { AnswerOf, BodyOf, Call, ParamsOf, QueryOf, RouteOf } from '../contract/call';
import { isVisitorCall } from './services';
import { $config, type ServiceBases } from './config';
import { t } from './i18n';
import { $language } from './language';
import { noteLiveCursor } from './live/cursor';
import { liveCursorHeader } from './live/events';
import { navigation } from './navigation';
import { notify } from './notices';
import { $actingFor, $session, signOut } from './session';
import { shared } from './shared';

/** The spec's request timeout. */
export const requestTimeoutMs = 100_000;

/** Java's null-pointer exception leaks into platform messages; users get a friendly text. */
const nullPointerMarkers = ['NullPointerException', 'java.lang.NullPointer', '空指针'];

export type Service = keyof ServiceBases;

export interface RequestOptions {
  /** The login call and a few public calls send no Authorization header. */
  anonymous?: boolean;
  /** The caller shows the error itself (an inline form message); no toast. */
  quiet?: boolean;
  /** A 401 does not sign out or redirect (used when checking a handed-over token). */
  keepSessionOn401?: boolean;
  /** Extra headers, or JSON text of headers as custom queries configure them. */
  headers?: Record<string, string> | string;
  params?: Record<string, unknown>;
  signal?: AbortSignal;
  responseType?: AxiosRequestConfig['responseType'];
  onUploadProgress?: AxiosRequestConfig['onUploadProgress'];
  /** Use this token instead of the session's (a token handed over in a URL). */
  token?: string;
}

/** An error the user has been told about (or will be, by the caller when `quiet`). */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

interface PlatformFailure {
  state: false;
  message?: string;
}

export function isFailure(body: unknown): body is PlatformFailure {
  return typeof body === 'object' && body !== null && (body as { state?: unknown }).state === false;
}

/** The user-facing text for a failed call, following spec/shell.md section 8. */
export function messageFor(status: number, body: unknown, fallback: string): string {
  const serverMessage =
    typeof body === 'object' &&
    body !== null &&
    typeof (body as { message?: unknown }).message === 'string'
      ? (body as { message: string }).message
      : '';
  if (status === 401) return serverMessage || t('common:errors.loginTimeout');
  if (serverMessage && nullPointerMarkers.some((marker) => serverMessage.includes(marker))) {
    return t('common:errors.nullPointer');
  }
  return serverMessage || fallback;
}

function parseHeaders(headers: RequestOptions['headers']): Record<string, string> {
  if (!headers) return {};
  if (typeof headers !== 'string') return headers;
  try {
    const parsed: unknown = JSON.parse(headers);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error();
    return parsed as Record<string, string>;
  } catch {
    throw new ApiError(t('common:errors.badHeader'), 0);
  }
}

export const httpClient: AxiosInstance = shared('http', () =>
  axios.create({
    timeout: requestTimeoutMs,
    validateStatus: () => true,
    // No XSRF cookie: calls authenticate with a Bearer header, never a cookie. With a cookie
    // name set, axios reads it through the async Cookie Store before sending each same-origin
    // request: a round trip to the browser process (0.1-1.7 ms here) for nothing.
    xsrfCookieName: '',
  }),
);

/**
 * Whether this page is already on its way to the login page since its session ended: the
 * requests in flight then are each refused, and a second navigation would cut the first.
 */
const leaving = shared('leaving-for-login', () => ({ now: false }));

/** Sends the user to the login page, remembering where they were (once a page). */
export function goToLogin(): void {
  const { loginUrl } = $config.get();
  const location = globalThis.location;
  if (!loginUrl || !location || leaving.now) return;
  const target = new URL(loginUrl, location.href);
  // Embedded on a page that is not the portal's (another site, or another page of this one,
  // such as /hosts/plain.html), the element stays put: the page's own login box (or the page
  // itself) handles signing in, and the portal would not lead back to it. The portal's pages
  // share the login page's first path segment (/fvue).
  const portal = `/${target.pathname.split('/')[1]}/`;
  if (target.origin !== location.origin || !`${location.pathname}/`.startsWith(portal)) return;
  const here = location.pathname + location.search;
  if (location.pathname.startsWith(target.pathname)) return;
  leaving.now = true;
  navigation.assign(`${loginUrl}?redirect=${encodeURIComponent(here)}`);
}

function handle401(options: RequestOptions): void {
  if (options.keepSessionOn401) return;
  const hadSession = $session.get() !== null;
  signOut();
  const event = new CustomEvent('atrium-unauthorized', { cancelable: true });
  const proceed = globalThis.dispatchEvent?.(event) ?? true;
  if (proceed && (hadSession || !options.anonymous)) goToLogin();
}

/** Whether this page has had a session: after a sign-out, the sign-out leads the way on. */
let hadSessionHere = false;
$session.subscribe((user) => {
  if (!user) return;
  hadSessionHere = true;
  // Signed in again without leaving the page (a host's own router): the next end leads on.
  leaving.now = false;
});

/**
 * A call that needs a session is never sent without one: the server would refuse it, and on a
 * host page nobody has signed in to, every element's refusal would reach the page's console.
 * It fails with a 401 worded 请先登录 / Please sign in first, without a toast. On a page that
 * has never had a session it is handled as the server's 401 would be (a portal page goes to
 * the login page, a host page hears atrium-unauthorized); on one that has just signed out it
 * is quiet, because the sign-out already leads to the login page and a second navigation
 * would cut the first. The element loads again when someone signs in (useAsync,
 * useNamedQuery). The calls a visitor makes: services.ts.
 */
function refuseWithoutSession(service: Service, path: string, options: RequestOptions): void {
  if (options.anonymous || options.token || $session.get()) return;
  if (isVisitorCall(service, path)) return;
  if (!hadSessionHere) handle401(options);
  throw new ApiError(t('common:errors.signInFirst'), 401);
}

/**
 * Refreshes the token once a fifth of its lifetime has passed (the platform client's rule),
 * so an active user is never cut off mid-work; one refresh at a time for the whole page.
 */
let refreshing: Promise<void> | null = null;

async function refreshIfDue(): Promise<void> {
  const user = $session.get();
  if (!user?.expiration || Date.now() - user.loginTime < (user.expiration * 1000) / 5) return;
  refreshing ??= (async () => {
    try {
      const { data, status } = await httpClient.get($config.get().services.uc + '/refresh', {
        headers: { Authorization: `Bearer ${user.token}`, 'Accept-Language': $language.get() },
      });
      if (
        status === 200 &&
        typeof data?.token === 'string' &&
        $session.get()?.token === user.token
      ) {
        $session.set({
          ...user,
          token: data.token,
          expiration: data.expiration ?? user.expiration,
          loginTime: Date.now(),
        });
      }
    } catch {
      // The request that follows will meet the 401 and handle it.
    } finally {
      refreshing = null;
    }
  })();
  await refreshing;
}

/** The headers of every call: language, tenant, the session's token. */
function headersFor(options: RequestOptions): Record<string, string> {
  const config = $config.get();
  const token = options.token ?? $session.get()?.token;
  return {
    'Accept-Language': $language.get(),
    ...(config.tenantCode ? { 'Tenant-Code': config.tenantCode } : {}),
    ...(token && !options.anonymous ? { Authorization: `Bearer ${token}` } : {}),
    ...parseHeaders(options.headers),
  };
}

/**
 * A POST whose answer is read as a stream (a large download with progress): fetch, since
 * axios in the browser hands over the body only when it is complete. Errors follow the
 * same rules as every other call.
 */
export async function streamRequest(
  service: Service,
  path: string,
  data: unknown,
  signal?: AbortSignal,
): Promise<Response> {
  refuseWithoutSession(service, path, {});
  await refreshIfDue();
  let response: Response;
  try {
    response = await fetch($config.get().services[service] + path, {
      method: 'POST',
      headers: { ...headersFor({}), 'Content-Type': 'application/json' },
      body: JSON.stringify(data),
      ...(signal ? { signal } : {}),
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    const message = t('common:errors.network');
    notify('error', message);
    throw new ApiError(message, 0);
  }
  if (response.status === 401) handle401({});
  if (response.status >= 400) {
    const body: unknown = await response.json().catch(() => null);
    const message = messageFor(response.status, body, t('common:errors.failed'));
    notify('error', message);
    throw new ApiError(message, response.status, body);
  }
  return response;
}

/**
 * A long GET read as a stream (the live events, src/core/live/stream.ts): the headers of
 * every call, no toast (it runs unseen), and a 401 ends the session as any call's does.
 * Network failures are thrown to the caller, which retries.
 */
export async function openStream(
  service: Service,
  path: string,
  headers: Record<string, string>,
  signal: AbortSignal,
): Promise<Response> {
  refuseWithoutSession(service, path, {});
  await refreshIfDue();
  const response = await fetch($config.get().services[service] + path, {
    headers: { ...headersFor({}), Accept: 'text/event-stream', ...headers },
    cache: 'no-store',
    signal,
  });
  if (response.status === 401) handle401({});
  return response;
}

export async function request<T>(
  service: Service,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  data?: unknown,
  options: RequestOptions = {},
): Promise<T> {
  refuseWithoutSession(service, path, options);
  if (!options.anonymous && !options.token && !path.endsWith('/refresh')) await refreshIfDue();
  const config = $config.get();
  const leaderId = $actingFor.get();
  const headers = headersFor(options);
  let response;
  try {
    response = await httpClient.request({
      url: config.services[service] + path,
      method,
      data,
      headers,
      params: { ...options.params, ...(leaderId ? { leaderId } : {}) },
      ...(options.signal ? { signal: options.signal } : {}),
      ...(options.responseType ? { responseType: options.responseType } : {}),
      ...(options.onUploadProgress ? { onUploadProgress: options.onUploadProgress } : {}),
    });
  } catch (error) {
    const timedOut = error instanceof AxiosError && error.code === AxiosError.ECONNABORTED;
    if (axios.isCancel(error)) throw error;
    const message = t(timedOut ? 'common:errors.timeout' : 'common:errors.network');
    if (!options.quiet) notify('error', message);
    throw new ApiError(message, 0);
  }
  const { status, data: body } = response;
  noteLiveCursor(response.headers[liveCursorHeader.toLowerCase()]);
  if (status === 401) handle401(options);
  if (status >= 400 || isFailure(body)) {
    const message = messageFor(status, body, t('common:errors.failed'));
    if (!options.quiet) notify('error', message);
    throw new ApiError(message, status, body);
  }
  return body as T;
}

export const http = {
  get: <T>(
    service: Service,
    path: string,
    params?: Record<string, unknown>,
    options: RequestOptions = {},
  ) =>
    request<T>(service, 'GET', path, undefined, {
      ...options,
      params: { ...options.params, ...params },
    }),
  post: <T>(service: Service, path: string, body?: unknown, options: RequestOptions = {}) =>
    request<T>(service, 'POST', path, body, options),
  put: <T>(service: Service, path: string, body?: unknown, options: RequestOptions = {}) =>
    request<T>(service, 'PUT', path, body, options),
  delete: <T>(service: Service, path: string, options: RequestOptions = {}) =>
    request<T>(service, 'DELETE', path, undefined, options),
};

/** The route's path with each `:name` replaced by its parameter, encoded. */
function filledPath(
  path: string,
  params: Partial<Record<string, string | number>> | undefined,
): string {
  if (!params) return path;
  return path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
}

/**
 * A call of the contract (src/contract): its route written as the contract has it (the
 * compiler checks the two agree), its path parameters, query and body typed from its
 * schemas, and so is its answer. `C` is the call's type (`typeof phraseCalls.list`),
 * imported as a type only.
 */
export function send<C extends Call>(
  service: Service,
  route: RouteOf<C>,
  input: { params?: ParamsOf<C>; query?: QueryOf<C>; body?: BodyOf<C> },
  options: RequestOptions = {},
): Promise<AnswerOf<C>> {
  return request<AnswerOf<C>>(
    service,
    route.method,
    filledPath(route.path, input.params),
    input.body,
    {
      ...options,
      params: Object.assign({}, options.params, input.query),
    },
  );
}

/** The platform's CommonResult envelope, as the contract defines it. */
export type { CommonResult } from '../contract/envelope';

/** Full URL of a service path, for links and downloads the browser opens itself. */
export function serviceUrl(service: Service, path: string): string {
  return $config.get().services[service] + path;
}
