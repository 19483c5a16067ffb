import { css } from '@emotion/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import '../../../src/elements/login/index';
import {
  fileUrl,
  frontNameFor,
  frontSettings,
  parseAttachments,
  tenantByCode,
} from '../../../src/core/api/portal';
import type { SessionUser } from '../../../src/core/session';
import { useLanguage, useT } from '../../../src/ui/i18n';
import { Tabs } from '../../../src/ui/Tabs';
import { useAsync } from '../../../src/ui/useAsync';
import { LanguageSwitcher } from '../LanguageSwitcher';
import { base, navigate, query } from '../router';
import { usePageHead, type PageHeadKey } from '../page-head';
import { useElementEvent } from '../useElementEvent';

const page = css`
  min-height: 100vh;
  display: grid;
  grid-template-columns: minmax(320px, 5fr) 7fr;
  @media (max-width: 860px) {
    grid-template-columns: minmax(0, 1fr);
  }
  /* A phone: the brand bar takes its own height, the form the rest from the top. */
  @media (max-width: 600px) {
    grid-template-rows: auto 1fr;
    align-content: start;
  }
`;

const brand = css`
  background:
    radial-gradient(circle at 20% 20%, rgba(255, 255, 255, 0.12), transparent 40%),
    linear-gradient(150deg, #9f1d2e 0%, #6e1420 60%, #3d0b12 100%);
  color: #fff;
  padding: 48px;
  display: flex;
  flex-direction: column;
  justify-content: space-between;
  h1 {
    font-size: 30px;
    margin: 24px 0 8px;
    letter-spacing: 1px;
  }
  p {
    opacity: 0.85;
    margin: 0 0 28px;
  }
  ul {
    list-style: none;
    padding: 0;
    margin: 0;
    display: grid;
    gap: 12px;
  }
  li::before {
    content: '◆';
    color: #d9b46a;
    margin-right: 10px;
  }
  /* The logo's box has the shape its width and height attributes give, before and after the
     picture arrives and whatever the picture's own shape: beside the name on a phone, a
     box that took its width from the picture moved the name when it came. */
  img,
  .logo-slot {
    display: block;
    box-sizing: content-box;
    height: 48px;
    width: auto;
    aspect-ratio: 240 / 64;
    object-fit: contain;
    background: #fff;
    border-radius: 8px;
    padding: 4px 10px;
  }
  .logo-slot {
    visibility: hidden;
  }
  small {
    opacity: 0.6;
  }
  .map-link {
    display: inline-block;
    margin-top: 24px;
    color: #f3d9a4;
  }
  @media (max-width: 860px) {
    padding: 24px;
    ul,
    small {
      display: none;
    }
  }
  /* A phone: the brand is one bar (logo, name, the map link), so the form is in view. */
  @media (max-width: 600px) {
    padding: 10px 16px;
    > div {
      display: flex;
      flex-wrap: wrap;
      align-items: center;
      column-gap: 12px;
    }
    img,
    .logo-slot {
      height: 28px;
      padding: 2px 6px;
    }
    h1 {
      font-size: 18px;
      margin: 0;
    }
    p {
      display: none;
    }
    .map-link {
      margin: 0 0 0 auto;
      font-size: 13px;
    }
  }
`;

const panel = css`
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  padding: 32px 24px;
  position: relative;
  .card {
    width: min(640px, 100%);
    box-sizing: border-box;
    background: #fff;
    border-radius: 12px;
    box-shadow: 0 10px 40px rgba(31, 35, 41, 0.08);
    padding: 28px 32px 32px;
  }
  .login-box {
    max-width: 380px;
    margin: 8px auto 0;
  }
  .switcher {
    position: absolute;
    top: 20px;
    right: 24px;
  }
  @media (max-width: 860px) {
    padding: 12px 12px 32px;
    /* In the column's flow above the card: placed in its corner it would cover the card's. */
    .switcher {
      position: static;
      align-self: flex-end;
      margin-bottom: 12px;
    }
    .card {
      padding: 20px 16px 24px;
    }
  }
  @media (max-width: 600px) {
    justify-content: flex-start;
  }
`;

/**
 * The other tabs' elements, fetched once the login box is up: most visitors only sign in,
 * and these (news brings dates and the file preview) would otherwise delay the login box.
 * The login box renders in its own React root after this page's effects run, so the fetch
 * waits for the browser's first idle moment, not for this page's mount. A tab chosen before
 * they arrive shows its element as soon as it is defined.
 */
function loadOtherTabs(): () => void {
  const load = () => {
    void import('../../../src/elements/signup/index');
    void import('../../../src/elements/news/index');
    void import('../../../src/elements/about/index');
  };
  return onIdle(load, { timeout: 1500, without: 300 });
}

/**
 * Runs `run` at the browser's first idle moment, at the latest after `timeout` ms; where
 * there is no idle callback (Safari), after `without` ms. Answers how to cancel it.
 */
function onIdle(run: () => void, { timeout, without }: { timeout: number; without: number }) {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(run, { timeout });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(run, without);
  return () => clearTimeout(timer);
}

/**
 * Resolves at the browser's first idle moment: after the login box, which renders in its own
 * React root, is drawn. The page's first request would otherwise go before it, and on a cold
 * load the first request costs the main thread tens of milliseconds (compiling the request
 * layer), for a title and logo the page already shows in its default form.
 */
const settingsAfterLoginBox = () =>
  new Promise<void>((resolve) => onIdle(resolve, { timeout: 500, without: 0 })).then(frontSettings);

/** Each tab is a page of its own to the reader and to search engines: its own title. */
const tabHeads: Record<string, PageHeadKey> = {
  home: 'login',
  signup: 'signup',
  news: 'news',
  about: 'about',
};

export default function LoginPage({ tenant }: { tenant?: string }) {
  const t = useT();
  const language = useLanguage();
  const [tab, setTab] = useState('home');
  const loginRef = useRef<HTMLElementTagNameMap['atrium-login']>(null);
  const settings = useAsync(settingsAfterLoginBox, []);
  const tenantInfo = useAsync(
    () => (tenant ? tenantByCode(tenant) : Promise.resolve(null)),
    [tenant],
  );
  const logo = parseAttachments(tenantInfo.data?.ico ?? settings.data?.frontLogo)[0];
  const configuredName = settings.data && frontNameFor(settings.data, language);
  const title = tenantInfo.data?.name ?? (configuredName || t('portal:brand.name'));

  const onLogin = useCallback(
    (event: CustomEvent<{ user: SessionUser; mustResetPassword: boolean }>) => {
      event.preventDefault();
      const { user, mustResetPassword } = event.detail;
      if (mustResetPassword) navigate(`/resetPwdView?account=${encodeURIComponent(user.account)}`);
      else navigate(query('redirect') ?? '/');
    },
    [],
  );
  useElementEvent(loginRef, 'atrium-login', onLogin);
  useEffect(loadOtherTabs, []);
  usePageHead(tabHeads[tab] ?? 'login', language);

  const tabs = [
    { id: 'home', label: t('login:tabs.home') },
    { id: 'signup', label: t('login:tabs.signup') },
    { id: 'news', label: t('login:tabs.news') },
    { id: 'about', label: t('login:tabs.about') },
  ];
  return (
    <div css={page}>
      <section css={brand} aria-label={title}>
        <div>
          {logo ? (
            <img src={fileUrl(logo.id, true)} alt="" width={240} height={64} />
          ) : (
            // The logo's place is kept while the settings that name it are on their way, so
            // the page (drawn before they arrive) does not move when it appears.
            (settings.loading || tenantInfo.loading) && <span className="logo-slot" aria-hidden />
          )}
          <h1 data-field="title">{title}</h1>
          <p>{t('portal:brand.tagline')}</p>
          <ul>
            {['p1', 'p2', 'p3'].map((point) => (
              <li key={point}>{t(`portal:brand.points.${point}`)}</li>
            ))}
          </ul>
          <a
            className="map-link"
            href={`${base}/mapContainer`}
            onClick={(event) => {
              event.preventDefault();
              navigate('/mapContainer');
            }}
          >
            {t('portal:brand.floorMap')}
          </a>
        </div>
        <small>{t('portal:brand.copyright')}</small>
      </section>
      <section css={panel}>
        <div className="switcher">
          <LanguageSwitcher />
        </div>
        <div className="card">
          <Tabs items={tabs} active={tab} onChange={setTab}>
            {tab === 'home' && (
              <div className="login-box">
                <atrium-login ref={loginRef} tenant={tenantInfo.data?.id} />
              </div>
            )}
            {tab === 'signup' && <atrium-signup />}
            {tab === 'news' && <atrium-news type="announcement" />}
            {tab === 'about' && <atrium-about />}
          </Tabs>
        </div>
      </section>
    </div>
  );
}
