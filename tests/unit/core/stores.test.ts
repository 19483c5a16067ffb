// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';

/** Each import after resetModules is a fresh copy of the code, like a second bundle on the page. */
async function freshCopy() {
  vi.resetModules();
  return {
    config: await import('../../../src/core/config'),
    session: await import('../../../src/core/session'),
    language: await import('../../../src/core/language'),
  };
}

describe('shared stores', () => {
  beforeEach(() => {
    delete (globalThis as Record<symbol, unknown>)[Symbol.for('atrium.shared.v1')];
    sessionStorage.clear();
    localStorage.clear();
  });

  it('are one instance per page, even across two bundles', async () => {
    const first = await freshCopy();
    const second = await freshCopy();
    expect(second.session.$session).toBe(first.session.$session);
    expect(second.language.$language).toBe(first.language.$language);
    expect(second.config.$config).toBe(first.config.$config);
    first.language.setLanguage('en-US');
    expect(second.language.$language.get()).toBe('en-US');
  });

  it('keep the session in sessionStorage under currentUser', async () => {
    const { session } = await freshCopy();
    const user = session.sessionFromLogin(
      {
        token: 't',
        account: 'SZHY10001',
        username: 'X',
        userId: '1',
        loginStatus: 1,
        expiration: 100,
      },
      5,
    );
    session.signIn(user);
    expect(JSON.parse(sessionStorage.getItem('currentUser')!)).toEqual({
      token: 't',
      account: 'SZHY10001',
      username: 'X',
      userId: '1',
      loginStatus: 1,
      expiration: 100,
      loginTime: 5,
    });
    session.signOut();
    expect(sessionStorage.getItem('currentUser')).toBeNull();
  });

  it('restore the session and the language on load', async () => {
    sessionStorage.setItem(
      'currentUser',
      JSON.stringify({
        token: 'abc',
        account: 'store01',
        username: 'Z',
        userId: '2',
        loginStatus: 1,
      }),
    );
    localStorage.setItem('lang', 'en-US');
    const { session, language } = await freshCopy();
    expect(session.$session.get()?.account).toBe('store01');
    expect(language.$language.get()).toBe('en-US');
  });

  it('default to zh-CN and ignore an unknown stored language', async () => {
    localStorage.setItem('lang', 'fr-FR');
    const { language } = await freshCopy();
    expect(language.$language.get()).toBe('zh-CN');
    language.setLanguage('en-US');
    expect(localStorage.getItem('lang')).toBe('en-US');
  });

  it('read both spellings of the login status', async () => {
    const { session } = await freshCopy();
    expect(session.normaliseLoginStatus(false)).toBe(0);
    expect(session.normaliseLoginStatus(0)).toBe(0);
    expect(session.normaliseLoginStatus('0')).toBe(0);
    expect(session.normaliseLoginStatus(true)).toBe(1);
    expect(session.normaliseLoginStatus(1)).toBe(1);
  });
});

describe('config', () => {
  it('defaults every service to the origin the script came from', async () => {
    const { config } = await freshCopy();
    const resolved = config.resolveConfig({}, 'https://atrium.example');
    expect(resolved.services).toEqual({
      uc: 'https://atrium.example/uc',
      portal: 'https://atrium.example/portal',
      bpmRunTime: 'https://atrium.example/bpm-runtime',
      bpmModel: 'https://atrium.example/bpm-model',
      form: 'https://atrium.example/form',
    });
    expect(resolved).toMatchObject({
      product: 'atrium',
      tenantCode: '',
      loginUrl: 'https://atrium.example/fvue/login',
    });
  });

  it('takes a page-level window.atriumConfig and later changes', async () => {
    delete (globalThis as Record<symbol, unknown>)[Symbol.for('atrium.shared.v1')];
    (globalThis as { atriumConfig?: unknown }).atriumConfig = {
      apiOrigin: 'https://api.example',
      tenantCode: 'hy',
      product: 'haiya',
    };
    const { config } = await freshCopy();
    expect(config.$config.get()).toMatchObject({ tenantCode: 'hy', product: 'haiya' });
    expect(config.$config.get().services.portal).toBe('https://api.example/portal');
    config.configure({ services: { form: 'https://forms.example/form' } });
    expect(config.$config.get().services.form).toBe('https://forms.example/form');
    expect(config.$config.get().services.uc).toBe('https://api.example/uc');
    // A new API origin moves the portal's address and login page that were its defaults,
    // and leaves a named service and a named login page where the host put them.
    config.configure({ apiOrigin: 'https://next.example' });
    expect(config.$config.get()).toMatchObject({
      frontBase: 'https://next.example/fvue',
      loginUrl: 'https://next.example/fvue/login',
    });
    expect(config.$config.get().services.uc).toBe('https://next.example/uc');
    expect(config.$config.get()).not.toHaveProperty('apiOrigin');
    config.configure({ loginUrl: 'https://sso.example/login' });
    config.configure({ apiOrigin: 'https://third.example' });
    expect(config.$config.get()).toMatchObject({
      frontBase: 'https://third.example/fvue',
      loginUrl: 'https://sso.example/login',
    });
    delete (globalThis as { atriumConfig?: unknown }).atriumConfig;
  });
});
