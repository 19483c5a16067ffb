import { UserError } from '../../../lib/errors';

/**
 * The HTTP call behind a 'url' dialog. The address is always the stored dialog's, never a
 * request's. An address starting with '/' is one of this server's own routes and is asked
 * in-process (`local`); any other must be http(s) and is fetched with a time limit. The
 * session's token is never sent along: the endpoint is not us.
 */
export interface EndpointAnswer {
  status: number;
  body: string;
}

export type LocalCall = (
  method: 'GET' | 'POST',
  path: string,
  payload: Record<string, string> | undefined,
) => Promise<EndpointAnswer>;

export type Endpoint = (
  method: 'GET' | 'POST',
  url: string,
  params: Record<string, string>,
) => Promise<EndpointAnswer>;

const timeoutMs = 10_000;
const failed = () => new UserError(502, 'server:customDialogs.externalFailed');

export function endpointOf(local: LocalCall): Endpoint {
  return async (method, url, params) => {
    const query = new URLSearchParams(params).toString();
    if (url.startsWith('/') && !url.startsWith('//')) {
      return method === 'GET'
        ? local('GET', query ? `${url}?${query}` : url, undefined)
        : local('POST', url, params);
    }
    const target = new URL(url);
    if (target.protocol !== 'http:' && target.protocol !== 'https:') throw failed();
    if (method === 'GET')
      for (const [key, value] of Object.entries(params)) target.searchParams.set(key, value);
    const response = await fetch(target, {
      method,
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'error',
      ...(method === 'POST'
        ? { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(params) }
        : {}),
    });
    return { status: response.status, body: await response.text() };
  };
}

/** Calls the endpoint and parses its JSON; every failure is one clear 502. */
export async function callEndpoint(
  endpoint: Endpoint,
  method: 'GET' | 'POST',
  url: string,
  params: Record<string, string>,
): Promise<unknown> {
  let answer: EndpointAnswer;
  try {
    answer = await endpoint(method, url, params);
  } catch {
    throw failed();
  }
  if (answer.status >= 400 || !answer.body.trim()) throw failed();
  try {
    return JSON.parse(answer.body) as unknown;
  } catch {
    throw failed();
  }
}
