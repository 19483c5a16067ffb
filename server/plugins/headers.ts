import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import { randomBytes } from 'node:crypto';
import { liveCursorHeader } from '../../src/core/live/events';
import type { IncomingMessage, ServerResponse } from 'node:http';

declare module 'fastify' {
  interface FastifyReply {
    /** This answer's CSP nonce, for the style and script tags of a page it sends. */
    cspNonce: string;
  }
  interface FastifyContextConfig {
    /** The route answers an HTML page: its CSP carries a fresh nonce (reply.cspNonce). */
    cspNonce?: boolean;
    /** false: no CORS headers at all (@fastify/cors reads it; the /dev/ routes). */
    cors?: false;
  }
}

/** The nonce travels on the raw response, where helmet's directive functions read it. */
type WithNonce = ServerResponse & { cspNonce?: string };
const nonceSource = (_request: unknown, response: ServerResponse) =>
  `'nonce-${(response as WithNonce).cspNonce}'`;

/** Development routes (the SMS outbox) are never readable from another origin. */
const sameOriginOnly = (url: string) => url.startsWith('/dev/') || url === '/dev';

/**
 * Public content pages (announcements given by URL) are shown in a frame by the news element
 * on whatever site embeds it. They hold no session and no action, so any site may frame
 * them, and their own inline styles (static files, written by us) need no nonce.
 */
const framedAnywhere = (url: string) => url.startsWith('/guides/');

/** The origin of a configured address, for a CSP source list; nothing if it is not a URL. */
/**
 * The origins of a configured address, or of a comma-separated list of them
 * (DOC_PREVIEW_URL may name an intranet and an internet address); nothing for none.
 */
function originOf(addresses: string | undefined): string[] {
  return (addresses ?? '')
    .split(',')
    .map((address) => address.trim())
    .filter(Boolean)
    .flatMap((address) => {
      try {
        return [new URL(address).origin];
      } catch {
        return [];
      }
    });
}

type Middleware = ReturnType<typeof helmet>;

/**
 * The headers a middleware sets when it depends on nothing of the request, collected from
 * one run against a response that only records them.
 */
function headersOf(middleware: Middleware): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string | number) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let finished = false;
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
    finished = true;
  });
  if (!finished) throw new Error('the security headers middleware did not finish at once');
  return headers;
}

/**
 * Response headers of every answer: CORS for the API (elements are embedded on other sites
 * and authenticate with a Bearer header, never a cookie, so any origin may call; there is no
 * ambient credential to abuse), and the security headers of helmet:
 * - a Content-Security-Policy with a per-request nonce for the host page's and the elements'
 *   style tags; scripts only from our own origin;
 * - frame-ancestors: our own origin plus FRAME_ANCESTORS (a CMS that frames the portal);
 * - Referrer-Policy no-referrer, since tokens travel in URLs (`?token=`, print links);
 * - X-Content-Type-Options nosniff.
 * Cross-origin resource and opener policies stay open: element bundles, logos and print
 * windows are used from other origins by design.
 */
export const headersPlugin = fp(async (app: FastifyInstance) => {
  const { config } = app.deps;
  // Static options, normalised once (a per-request delegator normalised them on every call);
  // the routes of /dev/ opt out by route config, their preflight included.
  app.addHook('onRoute', (route) => {
    if (sameOriginOnly(route.url)) route.config = { ...route.config, cors: false };
  });
  await app.register(cors, {
    origin: true,
    // Every method the platform's calls use; requested headers are echoed (a custom query
    // may carry its own headers).
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
    exposedHeaders: ['Content-Disposition', 'Retry-After', 'X-Total-Count', liveCursorHeader],
  });
  app.options('/dev/*', { schema: { hide: true } }, (_request, reply) => reply.callNotFound());

  const env = process.env;
  const framedBy = ["'self'", ...config.frameAncestors];
  // Built once: @fastify/helmet built a whole helmet middleware on every request (issue 18:
  // a few per cent of each API call's CPU). Pages (route config `cspNonce`) get a fresh nonce
  // through a directive function; other answers (JSON, files) need none.
  const policy = (nonce: (typeof nonceSource)[]): HelmetOptions => ({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...nonce],
        // Style elements need the nonce; style attributes (React's style prop, SVG of the
        // flow viewer) are allowed, they cannot run script.
        styleSrc: ["'self'", ...nonce],
        styleSrcAttr: ["'unsafe-inline'"],
        // https: for the pictures of a mail, once its reader allows them (docs/mail.md); the
        // mail frame's own policy keeps them out until then.
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        // The document-preview service is asked for a preview by the page itself.
        connectSrc: ["'self'", ...originOf(env.DOC_PREVIEW_URL)],
        workerSrc: ["'self'", 'blob:'],
        // Menus may embed external applications; documents preview in their own service.
        frameSrc: ["'self'", 'https:', ...originOf(env.DOC_PREVIEW_URL)],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'", ...originOf(env.REPORT_SERVER_URL), ...originOf(env.SSO_URL)],
        frameAncestors: framedBy,
      },
    },
    // frame-ancestors says it better; X-Frame-Options cannot name other hosts.
    xFrameOptions: config.frameAncestors.length === 0 ? { action: 'sameorigin' } : false,
    referrerPolicy: { policy: 'no-referrer' },
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    crossOriginOpenerPolicy: false,
    crossOriginEmbedderPolicy: false,
  });
  const securePage = helmet(policy([nonceSource]));
  // Every other answer's headers are the same: helmet sets them once here, and each request
  // copies the set (running its middleware cost each API call some 25 µs, issue 18).
  const secureHeaders = headersOf(helmet(policy([])));
  app.decorateReply('cspNonce', '');
  app.addHook('onRequest', (request, reply, done) => {
    if (!request.routeOptions.config.cspNonce) {
      reply.headers(secureHeaders);
      return done();
    }
    const nonce = randomBytes(16).toString('base64');
    reply.cspNonce = nonce;
    (reply.raw as WithNonce).cspNonce = nonce;
    securePage(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    if (!framedAnywhere(request.url)) return done(null, payload);
    const policy = reply.getHeader('content-security-policy');
    if (typeof policy === 'string') {
      reply.header(
        'content-security-policy',
        policy
          .replace(/frame-ancestors [^;]*/, 'frame-ancestors *')
          .replace(/style-src [^;]*/, "style-src 'self' 'unsafe-inline'"),
      );
    }
    reply.removeHeader('x-frame-options');
    done(null, payload);
  });
});
