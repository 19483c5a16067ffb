/**
 * Design tokens. Every colour, radius and font is a CSS custom property with a default, so
 * a host page themes all elements at once: `atrium-login { --atrium-color-primary: teal }`.
 */
function token(name: string, fallback: string): string {
  return `var(--atrium-${name}, ${fallback})`;
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
  font: token(
    'font-family',
    '"PingFang SC", "Microsoft YaHei", "Noto Sans CJK SC", "Noto Sans SC", system-ui, sans-serif',
  ),
  fontSize: token('font-size', '14px'),
  space: token('space', '8px'),
} as const;

/** At this viewport width and below the portal lays itself out for a phone. */
export const phoneWidth = 640;

/** Styles every element starts with (the web.dev custom-element checklist). */
export const baseStyles = `
  :host {
    display: block;
    font-family: ${vars.font};
    font-size: ${vars.fontSize};
    line-height: 1.5;
    color: ${vars.text};
    box-sizing: border-box;
  }
  :host([hidden]) { display: none; }
  *, *::before, *::after { box-sizing: inherit; }
`;
