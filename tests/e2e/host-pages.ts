import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { baseUrl } from './support';

/** The host pages of demo/hosts, one per kind of page a third party writes. */
export const hostKinds = ['plain', 'react', 'vue', 'svelte'] as const;

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
};

/**
 * Serves the built host pages (dist/hosts) from a second server for the file's tests:
 * another origin than the Atrium server's (localhost, not 127.0.0.1). Pages are `no-store`,
 * so going back to one loads it again (no back/forward cache) and the browser restores its
 * form controls as it does for a page it had to drop.
 */
export function useHostPages(): { url: (host: string) => string; origin: () => string } {
  let server: Server;
  let origin = '';
  beforeAll(async () => {
    const root = join(process.cwd(), 'dist/hosts');
    server = createServer(async (request, response) => {
      const path = normalize(new URL(request.url ?? '/', 'http://x').pathname).replace(/^\/+/, '');
      try {
        const body = await readFile(join(root, path));
        response.setHeader('Content-Type', types[extname(path)] ?? 'application/octet-stream');
        if (extname(path) === '.html') response.setHeader('Cache-Control', 'no-store');
        response.end(body);
      } catch {
        response.statusCode = 404;
        response.end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://localhost:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return {
    url: (host) => `${origin}/${host}.html?server=${encodeURIComponent(baseUrl())}`,
    origin: () => origin,
  };
}

/** What a host page shows in its `<output data-host-state=name>`. */
export const hostState = (page: Page, name: string) =>
  page.locator(`[data-host-state=${name}]`).textContent();

/** Signs in through the page's login box. */
export async function signInThroughBox(page: Page, account: string, password: string) {
  await page.fill('atrium-login input[name=account]', account);
  await page.fill('atrium-login input[name=password]', password);
  await page.click('atrium-login button[type=submit]');
}
