/**
 * Text that goes into HTML we build ourselves (a quoted mail's header line, a filled column
 * template). React escapes what it renders, so the messages keep i18next's escaping off
 * (src/core/i18n/index.ts); where a message with outside text (a sender's name, a subject, a
 * brand) becomes markup instead, its values pass through here first.
 */
const entities: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** The text as HTML that shows exactly it. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => entities[char]!);
}

/** A message as HTML: its own markup stays, every value is escaped. */
export function htmlMessage(
  translate: (key: string, values: Record<string, string>) => string,
  key: string,
  values: Record<string, string>,
): string {
  const escaped = Object.fromEntries(
    Object.entries(values).map(([name, value]) => [name, escapeHtml(value)]),
  );
  return translate(key, escaped);
}
