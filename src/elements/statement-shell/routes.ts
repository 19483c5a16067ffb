/** What a statement-area path shows (spec: statement shell and its dynamic routes). */
export type Content =
  | { kind: 'menu'; alias: string }
  | { kind: 'templateList'; templateKey: string; single: boolean }
  | { kind: 'templateForm'; templateKey: string; action: 'add' | 'edit' | 'get'; single: boolean }
  | { kind: 'href'; alias: string }
  | { kind: 'queryView'; sqlAlias: string; alias: string; single: boolean }
  | { kind: 'report'; alias: string }
  | { kind: 'drafts' }
  | { kind: 'unknown' };

export function parseContent(path: string): Content {
  const parts = path.split('/').filter(Boolean).map(decodeURIComponent);
  const [first, second, third, fourth, fifth] = parts;
  if (first === 'template' && second === 'preview' && third) {
    return { kind: 'templateList', templateKey: third, single: fourth === 'true' };
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
