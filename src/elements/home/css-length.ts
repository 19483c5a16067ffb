/**
 * A length that comes from data ('800', '800px', '60%', or a number) as CSS, or `fallback`
 * when it is none of those: a pop-up's configured size must never become '800pxpx', which
 * the browser drops, leaving the dialog as narrow as its content.
 */
export function cssLength(value: string | number | null | undefined, fallback: string): string {
  const text = String(value ?? '').trim();
  if (/^\d+(\.\d+)?$/.test(text)) return `${text}px`;
  if (/^\d+(\.\d+)?(px|%|vw|vh|em|rem)$/.test(text)) return text;
  return fallback;
}
