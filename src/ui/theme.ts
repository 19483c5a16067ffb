import type { Language } from '../core/language';

/**
 * Design tokens. Every colour, radius and font is a CSS custom property with a default, so
 * a host page themes all elements at once: `atrium-login { --atrium-color-primary: teal }`.
 */
function token(name: string, fallback: string): string {
  return `var(--atrium-${name}, ${fallback})`;
}

const chineseFonts =
  '"PingFang SC", "Microsoft YaHei", "Noto Sans CJK SC", "Noto Sans SC", system-ui, sans-serif';

/**
 * The default font stack of each language. Chinese text wants a Chinese font first: its
 * punctuation (“ ” ， ：) is full width there. English wants the system's Latin face first
 * (San Francisco, Segoe UI), where a Chinese font would set a typed “quote” a full em wide,
 * and the Chinese fonts after it for the Chinese names in English pages. Where neither Latin
 * face is installed (Linux), the stacks draw the same.
 */
export const fontStacks: Record<Language, string> = {
  'zh-CN': chineseFonts,
  'en-US': `-apple-system, BlinkMacSystemFont, "Segoe UI", ${chineseFonts}`,
};

/** The rule that gives a shadow root its language's stack (the page's token still wins). */
export function languageFont(language: Language): string {
  return `:host { --atrium-language-font: ${fontStacks[language]}; }`;
}

export const vars = {
  primary: token('color-primary', '#9f1d2e'),
  primaryHover: token('color-primary-hover', '#861726'),
  primaryText: token('color-primary-text', '#ffffff'),
  accent: token('color-accent', '#b8924a'),
  text: token('color-text', '#1f2329'),
  textMuted: token('color-text-muted', '#646a73'),
  border: token('color-border', '#dee0e3'),
  surface: token('color-surface', '#ffffff'),
  surfaceMuted: token('color-surface-muted', '#f5f6f7'),
  // The tones are text colours: each has at least 4.5:1 (WCAG AA for 12 px text) on the
  // surface and on its own tint (`*Bg`), which status tags and alerts sit on. The focus ring
  // is not text: it needs 3:1 on the surface (docs/decisions.md, Accessibility).
  danger: token('color-danger', '#c0302a'),
  dangerBg: token('color-danger-bg', '#fdecee'),
  success: token('color-success', '#1f7a14'),
  successBg: token('color-success-bg', '#eaf7e8'),
  warning: token('color-warning', '#a35300'),
  warningBg: token('color-warning-bg', '#fff4e5'),
  info: token('color-info', '#2152d9'),
  infoBg: token('color-info-bg', '#eef3ff'),
  focus: token('color-focus', '#3370ff'),
  radius: token('radius', '6px'),
  // The page's --atrium-font-family, else the stack for the reader's language, which every
  // shadow root sets (languageFont), else Chinese wherever nothing set it.
  font: token('font-family', `var(--atrium-language-font, ${chineseFonts})`),
  fontSize: token('font-size', '14px'),
  space: token('space', '8px'),
} as const;

/** At this viewport width and below the portal lays itself out for a phone. */
export const phoneWidth = 640;

/** Styles every element starts with (the web.dev custom-element checklist). */
// min-width 0: as a grid or flex item an element fits the track it is given, and a wide
// table inside scrolls there instead of widening the host page (min-width: auto would take
// its content's width). A host page's own rule still wins over this one.
export const baseStyles = `
  :host {
    display: block;
    min-width: 0;
    font-family: ${vars.font};
    font-size: ${vars.fontSize};
    line-height: 1.5;
    color: ${vars.text};
    box-sizing: border-box;
  }
  :host([hidden]) { display: none; }
  *, *::before, *::after { box-sizing: inherit; }
`;
