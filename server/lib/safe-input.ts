import { UserError } from './errors';

/**
 * What every value that reaches a route must be: text without NUL characters and without
 * lone UTF-16 surrogates (PostgreSQL refuses both, and a driver error would surface as a
 * 500), and JSON no deeper than a form needs (deep nesting overflows recursive code such as
 * JSON.stringify long before it means anything).
 */
export const maxJsonDepth = 64;

export const badCharacters = () => new UserError(400, 'server:security.badCharacters');
export const tooDeep = () => new UserError(400, 'server:security.tooDeep', { depth: maxJsonDepth });

/** A high surrogate without its low half, or a low one without its high half. */
const loneSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
/** A NUL or a lone surrogate. */
const unclean = new RegExp(`\\u0000|${loneSurrogate.source}`);

/** True for text PostgreSQL stores as given: no NUL and well-formed UTF-16. */
export function isCleanText(text: string): boolean {
  return !unclean.test(text);
}

/**
 * Text from outside that is kept rather than refused (mail as it arrives): NUL characters
 * dropped and lone surrogates replaced by U+FFFD, so PostgreSQL stores it.
 */
export function storableText(text: string): string {
  return text.replaceAll('\u0000', '').replace(loneSurrogate, '\ufffd');
}

/** A row whose text fields are all storableText. */
export function storableRow<Row extends object>(row: Row): Row {
  return Object.fromEntries(
    Object.entries(row).map(([key, value]) => [
      key,
      typeof value === 'string' ? storableText(value) : value,
    ]),
  ) as Row;
}

/**
 * The nesting depth of JSON text, counted without parsing (brackets inside strings do not
 * count), so a 5,000-deep document is refused before any object is built.
 */
export function jsonDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === 0x5c)
        i++; // backslash: skip the escaped character
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) inString = true;
    else if (char === 0x7b || char === 0x5b) deepest = Math.max(deepest, ++depth);
    else if (char === 0x7d || char === 0x5d) depth--;
  }
  return deepest;
}

/**
 * Throws a 400 for the first value (or key) that is not clean text, or for nesting deeper
 * than the limit. Walks parsed request data: query, params and bodies.
 */
export function assertCleanValue(value: unknown, depth = 0): void {
  if (typeof value === 'string') {
    if (!isCleanText(value)) throw badCharacters();
    return;
  }
  if (value === null || typeof value !== 'object') return;
  if (depth >= maxJsonDepth) throw tooDeep();
  if (Buffer.isBuffer(value)) return;
  if (Array.isArray(value)) {
    for (const item of value) assertCleanValue(item, depth + 1);
    return;
  }
  for (const [key, item] of Object.entries(value)) {
    if (!isCleanText(key)) throw badCharacters();
    assertCleanValue(item, depth + 1);
  }
}

/**
 * JSON.parse for text that came from a request (a body, a base64 parameter, a form field
 * holding JSON): too deep or unclean text answers 400; malformed JSON throws SyntaxError as
 * JSON.parse does, for the caller to word.
 */
export function parseRequestJson(text: string): unknown {
  if (jsonDepth(text) > maxJsonDepth) throw tooDeep();
  const value: unknown = JSON.parse(text);
  assertCleanValue(value);
  return value;
}
