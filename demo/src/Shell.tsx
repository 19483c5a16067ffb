import { css } from '@emotion/react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { phoneWidth } from '../../src/ui/theme';
import { navigate } from './router';

/** A page without the frame still keeps off the window's edges, unless it draws to them. */
const bareFrame = css`
  min-height: 100vh;
  background: #fff;
  &:not([data-bleed]) {
    padding: 12px 16px;
    box-sizing: border-box;
  }
`;

const frame = css`
  height: 100vh;
  display: grid;
  grid-template-rows: auto 1fr;
  grid-template-columns: auto 1fr;
  grid-template-areas:
    'top top'
    'menu main';
  atrium-top-bar {
    grid-area: top;
  }
  atrium-side-menu {
    grid-area: menu;
    height: 100%;
  }
  main {
    grid-area: main;
    overflow: auto;
    min-width: 0;
    background: #f3f4f6;
  }
  .backdrop {
    display: none;
  }
  /* A phone: the side menu waits behind the top bar's menu button and slides over the page. */
  @media (max-width: ${phoneWidth}px) {
    grid-template-columns: minmax(0, 1fr);
    grid-template-areas:
      'top'
      'main' !important;
    atrium-side-menu {
      display: none;
    }
    &[data-menu-open] atrium-side-menu {
      display: block;
      position: fixed;
      top: 56px;
      bottom: 0;
      left: 0;
      z-index: 40;
      height: auto;
    }
    &[data-menu-open] .backdrop {
      display: block;
      position: fixed;
      inset: 56px 0 0 0;
      z-index: 39;
      background: rgba(0, 0, 0, 0.35);
    }
  }
`;

/**
 * The portal frame: the top bar and the side menu around the page, unless the route hides
 * them. Elements ask to navigate with `atrium-navigate`; the host routes without reloading.
 */
export function Shell({
  path,
  topBar,
  sideMenu,
  bleed = false,
  children,
}: {
  path: string;
  topBar: boolean;
  sideMenu: boolean;
  bleed?: boolean;
  children: ReactNode;
}) {
  const root = useRef<HTMLDivElement>(null);
  // A bare page and a framed page have different root elements: the listeners move with it.
  const bare = !topBar && !sideMenu;
  const [menuOpen, setMenuOpen] = useState(false);
  // Choosing a page closes the phone menu.
  useEffect(() => setMenuOpen(false), [path]);
  // The frame's own elements load with the first framed page.
  useEffect(() => {
    if (topBar) void import('../../src/elements/top-bar/index');
    if (sideMenu) void import('../../src/elements/side-menu/index');
  }, [topBar, sideMenu]);
  useEffect(() => {
    const element = root.current;
    if (!element) return;
    const onNavigate = (event: Event) => {
      event.preventDefault();
      const { path: target, replace } = (event as CustomEvent<{ path: string; replace?: boolean }>)
        .detail;
      if (target !== location.pathname.replace(/^\/fvue/, '') + location.search)
        navigate(target, { replace: Boolean(replace) });
    };
    const onLogout = () => navigate('/login');
    const onMenuToggle = () => setMenuOpen((open) => !open);
    // The guide button works on every page: the tour explains the home
    // page, so another page opens home with the tour asked for; home starts it by itself.
    const onTourStart = () => {
      if (!document.querySelector('atrium-home:not([preview-alias])')) navigate('/home?tour=1');
    };
    const onTourEnd = () => {
      if (new URLSearchParams(location.search).has('tour')) navigate('/home', { replace: true });
    };
    element.addEventListener('atrium-navigate', onNavigate);
    element.addEventListener('atrium-logout', onLogout);
    element.addEventListener('atrium-menu-toggle', onMenuToggle);
    element.addEventListener('atrium-tour-start', onTourStart);
    element.addEventListener('atrium-tour-end', onTourEnd);
    return () => {
      element.removeEventListener('atrium-navigate', onNavigate);
      element.removeEventListener('atrium-logout', onLogout);
      element.removeEventListener('atrium-menu-toggle', onMenuToggle);
      element.removeEventListener('atrium-tour-start', onTourStart);
      element.removeEventListener('atrium-tour-end', onTourEnd);
    };
  }, [bare]);
  // Every page has one main landmark, the frame's: pages never draw their own.
  if (bare) {
    return (
      <main ref={root} css={bareFrame} data-bleed={bleed || undefined}>
        {children}
      </main>
    );
  }
  return (
    <div
      ref={root}
      css={frame}
      style={sideMenu ? undefined : { gridTemplateAreas: "'top top' 'main main'" }}
      data-menu-open={(menuOpen && sideMenu) || undefined}
    >
      {topBar && <atrium-top-bar />}
      {sideMenu && <atrium-side-menu active={path} />}
      {sideMenu && <div className="backdrop" aria-hidden onClick={() => setMenuOpen(false)} />}
      <main>{children}</main>
    </div>
  );
}
