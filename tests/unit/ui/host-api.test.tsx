// @vitest-environment jsdom
import { act } from 'react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LanguageChangeDetail, SessionChangeDetail } from '../../../src/core/host-api';
import { $language } from '../../../src/core/language';
import { $session, sessionFromLogin, signIn, signOut } from '../../../src/core/session';
import { defineElement } from '../../../src/ui/element/define';
import type { ElementMeta } from '../../../src/ui/element/meta';
import { useLanguage, useT } from '../../../src/ui/i18n';

/** Issue 41 part 3: window.atrium, its events, and the `lang` attribute of every element. */
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function Speaker() {
  const t = useT();
  return (
    <p data-language={useLanguage()} data-text>
      {t('common:actions.print')}
    </p>
  );
}

const meta = {
  tag: 'atrium-speaker',
  summary: 'test element',
  attributes: {},
  example: '',
} satisfies ElementMeta;

const spoken = (element: Element) => element.shadowRoot!.querySelector('[data-text]')!.textContent;

/** The events of one kind heard on the window while `run` ran. */
async function heard<T>(name: string, run: () => unknown): Promise<T[]> {
  const details: T[] = [];
  const listen = (event: Event) => details.push((event as CustomEvent<T>).detail);
  window.addEventListener(name, listen);
  await act(async () => void run());
  window.removeEventListener(name, listen);
  return details;
}

describe('the host API and the lang attribute', () => {
  let plain: HTMLElement;
  let english: HTMLElement;
  beforeAll(async () => {
    $language.set('zh-CN');
    await act(async () => {
      defineElement({ meta, component: Speaker });
      document.body.innerHTML =
        '<atrium-speaker id="plain"></atrium-speaker><atrium-speaker id="english" lang="en"></atrium-speaker>';
    });
    plain = document.getElementById('plain')!;
    english = document.getElementById('english')!;
  });
  afterAll(async () => {
    await act(async () => {
      document.body.replaceChildren();
      await Promise.resolve();
    });
  });

  it('draws an element with lang in its language, the others in the shared one', () => {
    expect([spoken(plain), spoken(english)]).toEqual(['打印', 'Print']);
  });

  it('switches the shared language through window.atrium and announces it once', async () => {
    expect(window.atrium?.language).toBe('zh-CN');
    const details = await heard<LanguageChangeDetail>('atrium-language-change', () =>
      window.atrium!.setLanguage('en-US'),
    );
    expect(details).toEqual([{ language: 'en-US', previous: 'zh-CN' }]);
    expect(spoken(plain)).toBe('Print');
    expect(localStorage.getItem('lang')).toBe('en-US');
    // The element with its own lang keeps it; a lang of another language follows the page.
    await act(async () => english.setAttribute('lang', 'zh-Hans'));
    expect(spoken(english)).toBe('打印');
    await act(async () => english.setAttribute('lang', 'fr'));
    expect(spoken(english)).toBe('Print');
    await act(async () => english.removeAttribute('lang'));
    expect(spoken(english)).toBe('Print');
  });

  it('refuses a language it does not have, in the reader language, and changes nothing', async () => {
    const details = await heard('atrium-language-change', () => {
      expect(() => window.atrium!.setLanguage('fr-FR')).toThrow(
        new RangeError('Unsupported language "fr-FR": use one of zh-CN, en-US'),
      );
    });
    expect([details, window.atrium!.language]).toEqual([[], 'en-US']);
    await act(async () => window.atrium!.setLanguage('zh'));
    expect(() => window.atrium!.setLanguage('')).toThrow(/不支持的语言/);
    expect(spoken(plain)).toBe('打印');
  });

  it('announces who signs in and out, never the token, and not a token refresh', async () => {
    const user = sessionFromLogin({ token: 'secret.jwt', account: 'emp01', userId: '7' });
    const details = await heard<SessionChangeDetail>('atrium-session-change', () => {
      signIn(user);
      $session.set({ ...user, token: 'refreshed.jwt' });
      signOut();
    });
    const summary = { account: 'emp01', username: 'emp01', userId: '7' };
    expect(details).toEqual([{ user: summary }, { user: null }]);
    signIn(user);
    expect(window.atrium!.session).toEqual(summary);
    expect(JSON.stringify(window.atrium)).not.toContain('secret');
    signOut();
  });
});
