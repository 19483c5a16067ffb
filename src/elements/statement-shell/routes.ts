/** What a statement-area path shows (spec: statement shell and its dynamic routes). */
export type Content =
  | { kind: 'menu'; alias: string }
  | { kind: 'templateList'; templateKey: string; single: boolean; presets: Presets }
  | { kind: 'templateForm'; templateKey: string; action: 'add' | 'edit' | 'get'; single: boolean }
  | { kind: 'href'; alias: string }
  | { kind: 'queryView'; sqlAlias: string; alias: string; single: boolean }
  | { kind: 'report'; alias: string }
  | { kind: 'drafts' }
  | { kind: 'unknown' };

/** Condition values a menu link sets in advance (template/preview/{key}/{single}/{presets}). */
export type Presets = Record<string, string>;

const presetLimits = { fields: 20, length: 200 };

/**
 * The address's preset conditions: a JSON object (`{"status":"open"}`) or a query string
 * (`status=open&store=S01`), field to text; anything else, and values that are not text or
 * numbers, are left out. Fields the template has no condition for are ignored by the list.
 */
export function parsePresets(text: string | undefined): Presets {
  const source = text?.trim() ?? '';
  if (!source) return {};
  let entries: [string, unknown][];
  try {
    const parsed: unknown = source.startsWith('{') ? JSON.parse(source) : null;
    entries =
      parsed && typeof parsed === 'object' && !Array.isArray(parsed)
        ? Object.entries(parsed)
        : [...new URLSearchParams(source)];
  } catch {
    return {};
  }
  const kept = entries.slice(0, presetLimits.fields).flatMap(([field, value]) => {
    if (typeof value !== 'string' && typeof value !== 'number') return [];
    const text = String(value);
    return field && field.length <= presetLimits.length && text.length <= presetLimits.length
      ? [[field, text] as const]
      : [];
  });
  // Own properties only (a field named __proto__ is a field, not the object's prototype).
  return Object.fromEntries(kept);
}

export function parseContent(path: string): Content {
  const parts = path.split('/').filter(Boolean).map(decodeURIComponent);
  const [first, second, third, fourth, fifth] = parts;
  if (first === 'template' && second === 'preview' && third) {
    return {
      kind: 'templateList',
      templateKey: third,
      single: fourth === 'true',
      presets: parsePresets(fifth),
    };
  }
  if (
    first === 'template' &&
    second === 'form' &&
    third &&
    (fourth === 'add' || fourth === 'edit' || fourth === 'get')
  ) {
    return { kind: 'templateForm', templateKey: third, action: fourth, single: fifth === 'true' };
  }
  if (first === 'href' && second === 'template' && third) return { kind: 'href', alias: third };
  if (first === 'querySql' && second === 'queryView' && third && fourth) {
    return { kind: 'queryView', sqlAlias: third, alias: fourth, single: fifth === 'true' };
  }
  if (first === 'templateReport' && second) return { kind: 'report', alias: second };
  // The caller's drafts of online forms (spec: /statement/draftList).
  if (first === 'draftList' && parts.length === 1) return { kind: 'drafts' };
  if (first && parts.length === 1) return { kind: 'menu', alias: first };
  return { kind: 'unknown' };
}

/** The optional `href` query parameter is base64 of a page address (UTF-8). */
export function decodeHref(search: string): string | null {
  const encoded = new URLSearchParams(search).get('href');
  if (!encoded) return null;
  try {
    const binary = atob(encoded);
    return new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
  } catch {
    return null;
  }
}
