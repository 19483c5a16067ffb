/**
 * The request transport: XMLHttpRequest, which fetch cannot replace (upload progress). It
 * took the place of axios (issue 18): axios's adapters, form-data and Node helpers were a
 * sixth of the chunk every element loads, and only this much of it was used. It keeps the
 * axios conventions the callers rely on: any status resolves (the caller reads it), JSON
 * answers are parsed when they parse, query parameters are written as axios wrote them
 * (`key[]=a&key[]=b`, `key[sub]=x`, dates as ISO, null and undefined left out), a plain
 * object body is sent as JSON, and a failure says whether it was a timeout or a cancel.
 */
export interface ProgressEvent {
  loaded: number;
  total?: number;
}

export interface HttpRequestConfig {
  url: string;
  method?: string;
  data?: unknown;
  headers?: Record<string, string>;
  params?: Record<string, unknown>;
  signal?: AbortSignal;
  /** json (default): parsed when it parses, else the text; text: the text as is. */
  responseType?: 'json' | 'text' | 'blob' | 'arraybuffer';
  onUploadProgress?: (event: ProgressEvent) => void;
  /** Replaces the JSON parsing of the answer (axios's option; `(data) => data` keeps text). */
  transformResponse?: ((data: unknown) => unknown)[];
  timeout?: number;
}

export interface HttpResponse<T = unknown> {
  status: number;
  data: T;
  /** A response header (case-insensitive), or null. */
  header(name: string): string | null;
}

/** A request that did not get an answer: `code` says why. */
export class HttpTransportError extends Error {
  constructor(
    message: string,
    readonly code: 'ECONNABORTED' | 'ERR_CANCELED' | 'ERR_NETWORK',
  ) {
    super(message);
    // The name axios gave a cancelled request; callers test for it.
    this.name = code === 'ERR_CANCELED' ? 'CanceledError' : 'HttpTransportError';
  }
}

export const isCancel = (error: unknown): boolean =>
  error instanceof HttpTransportError && error.code === 'ERR_CANCELED';

/** axios's parameter encoding: URL-encoded, with the characters it leaves readable. */
const encode = (text: string) =>
  encodeURIComponent(text)
    .replace(/%3A/gi, ':')
    .replace(/%24/g, '$')
    .replace(/%2C/gi, ',')
    .replace(/%20/g, '+')
    .replace(/%5B/gi, '[')
    .replace(/%5D/gi, ']');

function scalar(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  return String(value);
}

function appendParam(parts: string[], key: string, value: unknown): void {
  if (value === undefined || value === null) return;
  if (Array.isArray(value)) {
    for (const item of value) appendParam(parts, `${key}[]`, item);
  } else if (typeof value === 'object' && !(value instanceof Date)) {
    for (const [sub, item] of Object.entries(value)) appendParam(parts, `${key}[${sub}]`, item);
  } else {
    parts.push(`${encode(key)}=${encode(scalar(value))}`);
  }
}

export function buildUrl(url: string, params?: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(params ?? {})) appendParam(parts, key, value);
  if (parts.length === 0) return url;
  const hash = url.indexOf('#');
  const base = hash === -1 ? url : url.slice(0, hash);
  return `${base}${base.includes('?') ? '&' : '?'}${parts.join('&')}`;
}

/** The body to send, and the Content-Type it needs (none: the browser's own, e.g. multipart). */
function bodyOf(data: unknown): { body: XMLHttpRequestBodyInit | null; type?: string } {
  if (data === undefined || data === null) return { body: null };
  if (
    data instanceof FormData ||
    data instanceof Blob ||
    data instanceof ArrayBuffer ||
    ArrayBuffer.isView(data)
  ) {
    return { body: data as XMLHttpRequestBodyInit };
  }
  if (data instanceof URLSearchParams) {
    return { body: data.toString(), type: 'application/x-www-form-urlencoded;charset=utf-8' };
  }
  if (typeof data === 'string') return { body: data, type: 'application/x-www-form-urlencoded' };
  return { body: JSON.stringify(data), type: 'application/json' };
}

function parsed(xhr: XMLHttpRequest, config: HttpRequestConfig): unknown {
  const type = config.responseType ?? 'json';
  if (type === 'blob' || type === 'arraybuffer') return xhr.response as unknown;
  const text = xhr.responseText;
  if (config.transformResponse) {
    return config.transformResponse.reduce<unknown>((data, transform) => transform(data), text);
  }
  if (type === 'text' || text === '') return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export class HttpClient {
  readonly defaults: { timeout: number };

  constructor(options: { timeout: number }) {
    this.defaults = { timeout: options.timeout };
  }

  get<T = unknown>(
    url: string,
    config: Omit<HttpRequestConfig, 'url' | 'method'> = {},
  ): Promise<HttpResponse<T>> {
    return this.request<T>({ ...config, url, method: 'GET' });
  }

  request<T = unknown>(config: HttpRequestConfig): Promise<HttpResponse<T>> {
    return new Promise((resolve, reject) => {
      const { signal } = config;
      if (signal?.aborted) {
        reject(new HttpTransportError('canceled', 'ERR_CANCELED'));
        return;
      }
      const xhr = new XMLHttpRequest();
      xhr.open((config.method ?? 'GET').toUpperCase(), buildUrl(config.url, config.params), true);
      xhr.timeout = config.timeout ?? this.defaults.timeout;
      const type = config.responseType ?? 'json';
      if (type === 'blob' || type === 'arraybuffer') xhr.responseType = type;
      const { body, type: contentType } = bodyOf(config.data);
      const headers: Record<string, string> = {
        Accept: 'application/json, text/plain, */*',
        ...(contentType ? { 'Content-Type': contentType } : {}),
        ...config.headers,
      };
      for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
      if (config.onUploadProgress && xhr.upload) {
        const report = config.onUploadProgress;
        xhr.upload.onprogress = (event) =>
          report({
            loaded: event.loaded,
            ...(event.lengthComputable ? { total: event.total } : {}),
          });
      }
      const onAbort = () => xhr.abort();
      signal?.addEventListener('abort', onAbort, { once: true });
      const settle = (action: () => void) => {
        signal?.removeEventListener('abort', onAbort);
        action();
      };
      xhr.onload = () =>
        settle(() =>
          resolve({
            status: xhr.status,
            data: parsed(xhr, config) as T,
            header: (name) => xhr.getResponseHeader(name),
          }),
        );
      xhr.onerror = () => settle(() => reject(new HttpTransportError('network', 'ERR_NETWORK')));
      xhr.ontimeout = () => settle(() => reject(new HttpTransportError('timeout', 'ECONNABORTED')));
      xhr.onabort = () => settle(() => reject(new HttpTransportError('canceled', 'ERR_CANCELED')));
      xhr.send(body);
    });
  }
}
