import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { apiLogin, useSession } from './bare-page';
import { baseUrl, passwordOf, useBrowser } from './support';

/**
 * How the built front end is served: hashed chunks are cached for a year (their name changes
 * with their content), entry files and the portal page are revalidated, and each comes
 * compressed when the browser accepts it.
 */
const sharedChunk = readdirSync('dist/elements/chunks').find((name) =>
  /^shared-.*\.js$/.test(name),
)!;

async function head(path: string, encoding: string) {
  const response = await fetch(`${baseUrl()}${path}`, {
    headers: { 'Accept-Encoding': encoding },
  });
  await response.arrayBuffer();
  return {
    status: response.status,
    cache: response.headers.get('cache-control'),
    encoding: response.headers.get('content-encoding'),
  };
}

describe('static files', () => {
  it.each(['br', 'gzip', 'identity'])('caches a hashed chunk for a year (%s)', async (encoding) => {
    const answer = await head(`/elements/chunks/${sharedChunk}`, encoding);
    expect(answer.status).toBe(200);
    expect(answer.cache).toBe('public, max-age=31536000, immutable');
    expect(answer.encoding).toBe(encoding === 'identity' ? null : encoding);
  });

  it('serves the shared chunk asking V8 to compile all of it as it streams in', async () => {
    // The magic comment must open the file as served (compile hints, vite.config.ts).
    const chunk = await (await fetch(`${baseUrl()}/elements/chunks/${sharedChunk}`)).text();
    expect(chunk.startsWith('//# allFunctionsCalledOnLoad\n')).toBe(true);
  });

  it('revalidates entry files, whose names stay the same from build to build', async () => {
    expect((await head('/elements/login.js', 'br')).cache).toBe('no-cache');
    expect((await head('/fvue/login', 'br')).cache).toBe('no-cache');
  });

  it.each(['/fvue/login', '/fvue/login/hy', '/fvue/login?redirect=%2Fhome'])(
    "sends %s drawn, with this answer's nonce, compressed when accepted",
    async (path) => {
      const response = await fetch(`${baseUrl()}${path}`, { headers: { 'Accept-Encoding': 'br' } });
      expect(response.headers.get('content-encoding')).toBe('br');
      expect(response.headers.get('vary')).toContain('Accept-Encoding');
      const page = await response.text();
      const nonce = /'nonce-([^']+)'/.exec(response.headers.get('content-security-policy')!)![1]!;
      expect(page).toContain('<atrium-login data-prerendered><template shadowrootmode="open"');
      expect(page).toContain('name="account"');
      expect(page).not.toContain('ATRIUM_CSP_NONCE');
      // Every script and style element of the page carries the nonce (or is not run).
      for (const tag of page.match(/<(script|style)\b[^>]*>/g)!)
        expect(tag.includes(`nonce="${nonce}"`) || tag.includes('type="text/html"')).toBe(true);
      // The nonce's meta element is complete HTML (a meta with a property has content).
      expect(page).toContain(`<meta property="csp-nonce" content="" nonce="${nonce}">`);
    },
  );

  it('sends other pages of the portal undrawn, and plain to a client that takes no encoding', async () => {
    const response = await fetch(`${baseUrl()}/fvue/home`, {
      headers: { 'Accept-Encoding': 'identity' },
    });
    expect(response.headers.get('content-encoding')).toBeNull();
    const page = await response.text();
    expect(page).toContain('<div id="portal"></div>');
    expect(page).not.toContain('data-prerendered=');
  });
});

describe("the code of the address's page, named in the portal's head", () => {
  const preloads = async (path: string) => {
    const page = await (await fetch(`${baseUrl()}${path}`)).text();
    return [...page.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)"/g)].map(
      (link) => link[1]!,
    );
  };

  it.each([
    ['/fvue/lyfyjsd', ['statement-list']],
    ['/fvue/lyfyjsd/hy', ['statement-list']],
    ['/fvue/v-flow/v-todo?x=1', ['top-bar', 'side-menu', 'task-list']],
    ['/fvue/onlineForm', ['top-bar', 'data-template']],
    ['/fvue/home', ['top-bar', 'side-menu', 'home']],
    ['/fvue/', ['home']],
    ['/fvue', ['home']],
  ])('%s: its elements and the chunks they import, each served', async (path, elements) => {
    const links = await preloads(path);
    for (const element of elements) expect(links).toContain(`/elements/${element}.js`);
    // Each once, and each a file of this build (a stale name would cost a request for nothing).
    expect(new Set(links).size).toBe(links.length);
    const answers = await Promise.all(links.map((link) => head(link, 'br')));
    expect(answers.map((answer) => answer.status)).toEqual(links.map(() => 200));
  });

  it('a page without the portal frame names none of its code', async () => {
    const links = await preloads('/fvue/lyfyjsd');
    expect(links).not.toContain('/elements/top-bar.js');
    expect(links).not.toContain('/elements/side-menu.js');
  });

  it("leaves the elements a page shows (home's ten widgets) for the page to ask for", async () => {
    const links = await preloads('/fvue/home');
    for (const widget of ['todo-card', 'news-carousel', 'chart-column', 'data-template'])
      expect(links).not.toContain(`/elements/${widget}.js`);
  });

  it.each([
    ['an address of no page', '/fvue/nowhere/at/all'],
    ['an encoded address', '/fvue/%E5%95%86%E6%88%B7'],
    ['a 4,000-character address', `/fvue/${'a/'.repeat(2000)}`],
  ])('%s: only what every page loads', async (_name, path) => {
    const links = await preloads(path);
    expect(
      links.some((link) => /^\/elements\/[a-z-]+\.js$/.test(link) && link !== '/elements/login.js'),
    ).toBe(false);
    expect(links.length).toBeGreaterThan(0);
  });
});

describe('the first page of a visit', () => {
  const browser = useBrowser();

  it.each(['kept', 'handed over'])(
    "asks for its element's code while the guard checks a session %s, not after",
    async (how) => {
      const page = await browser.newPage();
      const session = await apiLogin('SZHY10001', passwordOf('SZHY10001'));
      if (how === 'kept') await useSession(page, session);
      let codeAsked!: () => void;
      const code = new Promise<boolean>((resolve) => (codeAsked = () => resolve(true)));
      page.on('request', (request) => {
        if (request.url().endsWith('/elements/statement-list.js')) codeAsked();
      });
      // The session check is held until the element's code is asked for (10 s at most): a
      // page that asked for its code only once the check had answered would wait it out.
      let codeFirst: boolean | undefined;
      await page.route('**/getDetailByAccountOrId*', async (route) => {
        const bound = new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 10_000));
        codeFirst ??= await Promise.race([code, bound]);
        await route.continue();
      });
      const address = `${baseUrl()}/fvue/lyfyjsd`;
      await page.goto(how === 'kept' ? address : `${address}?token=${session.token}`);
      await page.waitForSelector('atrium-statement-list [part=toolbar]');
      expect(codeFirst).toBe(true);
    },
  );
});
