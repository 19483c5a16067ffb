import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { cspNoncePlaceholder } from '../lib/csp-nonce';
import { pageCodeLinks } from '../lib/page-code';

/**
 * Serves the built front end: element bundles under /elements/ (embeddable from any site)
 * and the host portal under /fvue/ (history-mode routes all answer with its index.html).
 * Entry files keep stable names and are revalidated; hashed chunks are cached for a year.
 */
export const staticPlugin = fp(async (app: FastifyInstance) => {
  const root = app.deps.config.staticDir;
  if (!existsSync(join(root, 'fvue', 'index.html'))) {
    app.log.warn(`no built front end in ${root}; run "npm run build"`);
    return;
  }
  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    index: false,
    wildcard: false,
    // Pages with a nonce of their own (below), not files as they are on disk, and what the
    // portal's page reads to name its code.
    globIgnore: ['hosts/*.html', 'hosts/*.html.br', 'hosts/*.html.gz', 'fvue/page-code.json'],
    // npm run build writes .br and .gz beside each bundle.
    preCompressed: true,
    setHeaders(reply, path) {
      // Chunks carry a content hash in their name; so does everything under elements/assets.
      // The path is the file sent: with a compressed answer, the .br or .gz beside the bundle.
      const hashed =
        /-[A-Za-z0-9_-]{8}\.(m?js|css|woff2?|png|svg)(\.br|\.gz)?$/.test(path) ||
        /[\\/]elements[\\/]assets[\\/]/.test(path);
      reply.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  // The pages are small and read per request, so a rebuild shows at once; their nonce
  // placeholders get this answer's CSP nonce (server/plugins/headers.ts).
  const codeLinks = pageCodeLinks(join(root, 'fvue', 'page-code.json'));
  const sendPage =
    (file: string, portal = false) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      // The portal names the code of the address's page (server/lib/page-code.ts).
      const links = portal ? codeLinks(request.url.split('?')[0]!.slice('/fvue'.length)) : '';
      const page = (await readFile(file, 'utf8'))
        .replace('</head>', `${links}</head>`)
        .replaceAll(cspNoncePlaceholder, reply.cspNonce);
      reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8');
      // Compressed on the way out, as every whole answer is (server/plugins/compression.ts).
      return reply.send(page);
    };
  const sendPortal = sendPage(join(root, 'fvue', 'index.html'), true);
  // The login page arrives drawn (scripts/prerender.tsx), with or without a tenant segment.
  const loginPage = join(root, 'fvue', 'login.html');
  const sendLogin = existsSync(loginPage) ? sendPage(loginPage) : sendPortal;
  app.get('/', (_request, reply) => reply.redirect('/fvue/'));
  const page = { config: { cspNonce: true } };
  app.get('/fvue', page, sendPortal);
  app.get('/fvue/login', page, sendLogin);
  app.get('/fvue/login/:tenant', page, sendLogin);
  app.get('/fvue/*', page, sendPortal);
  // The demo host pages, embedding elements as another site would, under this policy too.
  for (const host of ['plain', 'react', 'vue', 'svelte']) {
    const file = join(root, 'hosts', `${host}.html`);
    if (existsSync(file)) app.get(`/hosts/${host}.html`, page, sendPage(file));
  }
});
