/**
 * The cell XML of a worksheet (SpreadsheetML), written by hand because building it through
 * a document model (exceljs: a Row, Cell and style object per cell) cost seconds per
 * hundred thousand rows (docs/decisions.md, "Exports of 250,000 rows").
 */
export type Cell = string | number | null | undefined;

/**
 * Characters XML 1.0 forbids (controls other than tab, LF and CR; U+FFFE, U+FFFF; a
 * surrogate without its pair) are dropped, as exceljs does (it drops DEL too), and the
 * markup characters escaped. CR is written as a reference: a literal one would come back
 * as LF (XML parsers normalise line ends).
 */
const needsWork =
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  /[<>&"'\r\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\ud800-\udfff\ufffe\uffff]/;
const entities: Record<string, string> = {
  '<': '&lt;',
  '>': '&gt;',
  '&': '&amp;',
  '"': '&quot;',
  "'": '&apos;',
  '\r': '&#13;',
};
const work =
  // eslint-disable-next-line no-control-regex -- as above
  /[<>&"'\r]|[\ud800-\udbff][\udc00-\udfff]|[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\ud800-\udfff\ufffe\uffff]/g;

export function xmlText(text: string): string {
  if (!needsWork.test(text)) return text;
  // A surrogate pair matches the second branch first and is kept whole.
  return text.replace(work, (found) => entities[found] ?? (found.length === 2 ? found : ''));
}

/** A, B, …, Z, AA, … for a column's index from 0. */
export function columnLetters(index: number): string {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  }
  return letters;
}

/**
 * The fixed text around a column's cells: `<c r="B` before the row number, then the rest of
 * the opening tag for a number or for a text. Built once per sheet, so that writing a cell
 * concatenates few strings (the writer's cost is mostly the garbage it leaves).
 */
export interface ColumnXml {
  open: string;
  number: string;
  text: string;
}

export function columnXml(index: number, style: number): ColumnXml {
  const s = style ? ` s="${style}"` : '';
  return {
    open: `<c r="${columnLetters(index)}`,
    number: `"${s}><v>`,
    text: `"${s} t="inlineStr"><is><t`,
  };
}

/**
 * One `<row>`: numbers as numbers, texts as inline strings (no shared strings table, which
 * would hold every distinct text until the end), empty cells left out. A text is never
 * written as a formula, whatever it starts with.
 */
export function rowXml(rowNumber: number, cells: readonly Cell[], columns: readonly ColumnXml[]) {
  let xml = `<row r="${rowNumber}">`;
  for (let i = 0; i < cells.length; i++) {
    const value = cells[i];
    if (value === null || value === undefined || value === '') continue;
    const column = columns[i]!;
    if (typeof value === 'number' && Number.isFinite(value)) {
      xml += column.open + rowNumber + column.number + value + '</v></c>';
    } else {
      const text = xmlText(String(value));
      // Leading or trailing spaces are kept only when marked so.
      const edge = text.charCodeAt(0) <= 32 || text.charCodeAt(text.length - 1) <= 32;
      xml +=
        column.open +
        rowNumber +
        column.text +
        (edge ? ' xml:space="preserve">' : '>') +
        text +
        '</t></is></c>';
    }
  }
  return xml + '</row>';
}
