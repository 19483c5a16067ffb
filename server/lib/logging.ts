import type { FastifyServerOptions } from 'fastify';

/**
 * Secrets travel in URLs (`/fvue/ht?token=`, `?code=`, print links, SSO tickets) and in
 * bodies; none of them may reach a log line. The request serializer rewrites the URL, and
 * pino's redaction covers objects a route logs on purpose.
 */
const secretParameters = new Set([
  'token',
  'printtoken',
  'code',
  'password',
  'pwd',
  'oldpwd',
  'newpwd',
  'ticket',
  'access_token',
  'refresh_token',
]);

export const redacted = '[redacted]';

/** The URL with the value of every secret query parameter replaced. */
export function redactUrl(url: string): string {
  const mark = url.indexOf('?');
  if (mark < 0) return url;
  const query = url
    .slice(mark + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals < 0 ? pair : pair.slice(0, equals);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // a malformed name is logged as it came
      }
      return equals >= 0 && secretParameters.has(decoded.toLowerCase())
        ? `${name}=${redacted}`
        : pair;
    })
    .join('&');
  return `${url.slice(0, mark)}?${query}`;
}

const secretPaths = [
  'password',
  'oldPwd',
  'newPwd',
  'token',
  'printToken',
  'ticket',
  'code',
  'authorization',
];

/** Fastify's logger settings: level, redaction, and a request serializer without secrets. */
export function loggerOptions(level: string): Exclude<FastifyServerOptions['logger'], boolean> {
  return {
    level,
    redact: {
      paths: [
        ...secretPaths,
        ...secretPaths.map((path) => `*.${path}`),
        'req.headers.authorization',
        'req.headers.cookie',
      ],
      censor: redacted,
    },
    serializers: {
      req(request: {
        method: string;
        url: string;
        host?: string;
        hostname?: string;
        ip?: string;
        socket?: { remoteAddress?: string };
      }) {
        return {
          method: request.method,
          url: redactUrl(request.url),
          host: request.host ?? request.hostname,
          remoteAddress: request.ip ?? request.socket?.remoteAddress,
        };
      },
    },
  };
}
