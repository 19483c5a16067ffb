import { escapeHtml } from '../../core/html';

/**
 * The HTML template of a dataMode 3 column filled with its fetched data: `{{field}}` takes
 * a value of the answer, `{{#rows}}…{{/rows}}` repeats for each row with the row's fields.
 * Values are escaped here; the whole result is sanitised again before it is shown.
 */
const escape = (value: unknown) =>
  value === null || value === undefined ? '' : escapeHtml(String(value));

function fill(template: string, data: Record<string, unknown>): string {
  return template.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (_, path: string) => {
    let value: unknown = data;
    for (const key of path.split('.')) {
      value = value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : '';
    }
    return escape(value);
  });
}

export function fillTemplate(
  template: string,
  data: Record<string, unknown>,
  rows: Record<string, unknown>[],
): string {
  const repeated = template.replace(/\{\{#rows\}\}([\s\S]*?)\{\{\/rows\}\}/g, (_, part: string) =>
    rows.map((row) => fill(part, row)).join(''),
  );
  return fill(repeated, data);
}
