import { xmlText } from './cells';

/**
 * The fixed parts of a workbook (Office Open XML, ECMA-376 part 1): the package's content
 * types and relationships, the workbook with its sheets' names, and the styles the sheets
 * use. The worksheets themselves are streamed (writer.ts).
 */
const head = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const main = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const relationships = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const packageRelationships = 'http://schemas.openxmlformats.org/package/2006/relationships';
const officeType = 'application/vnd.openxmlformats-officedocument.spreadsheetml';

/** Style indexes (cellXfs) a cell may take: bold and money combine (3 is both). */
export const cellStyle = { plain: 0, bold: 1, money: 2 } as const;

export function contentTypes(sheets: number): string {
  const overrides = Array.from(
    { length: sheets },
    (_, i) =>
      `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="${officeType}.worksheet+xml"/>`,
  ).join('');
  return (
    `${head}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
    '<Default Extension="xml" ContentType="application/xml"/>' +
    `<Override PartName="/xl/workbook.xml" ContentType="${officeType}.sheet.main+xml"/>` +
    `<Override PartName="/xl/styles.xml" ContentType="${officeType}.styles+xml"/>` +
    `${overrides}</Types>`
  );
}

export const packageRels =
  `${head}<Relationships xmlns="${packageRelationships}">` +
  `<Relationship Id="rId1" Type="${relationships}/officeDocument" Target="xl/workbook.xml"/>` +
  '</Relationships>';

export function workbookXml(names: readonly string[]): string {
  const sheets = names
    .map((name, i) => `<sheet name="${xmlText(name)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`)
    .join('');
  return (
    `${head}<workbook xmlns="${main}" xmlns:r="${relationships}">` +
    `<bookViews><workbookView/></bookViews><sheets>${sheets}</sheets></workbook>`
  );
}

export function workbookRels(sheets: number): string {
  const each = Array.from(
    { length: sheets },
    (_, i) =>
      `<Relationship Id="rId${i + 1}" Type="${relationships}/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`,
  ).join('');
  return (
    `${head}<Relationships xmlns="${packageRelationships}">${each}` +
    `<Relationship Id="rId${sheets + 1}" Type="${relationships}/styles" Target="styles.xml"/>` +
    '</Relationships>'
  );
}

/** Fonts: regular and bold; number format 4 is the built-in `#,##0.00`. */
const font = '<sz val="11"/><name val="Calibri"/><family val="2"/>';
const xf = (numFmt: number, fontId: number) =>
  `<xf numFmtId="${numFmt}" fontId="${fontId}" fillId="0" borderId="0" xfId="0"` +
  `${numFmt ? ' applyNumberFormat="1"' : ''}${fontId ? ' applyFont="1"' : ''}/>`;

export const stylesXml =
  `${head}<styleSheet xmlns="${main}">` +
  `<fonts count="2"><font>${font}</font><font><b/>${font}</font></fonts>` +
  '<fills count="2"><fill><patternFill patternType="none"/></fill>' +
  '<fill><patternFill patternType="gray125"/></fill></fills>' +
  '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
  `<cellXfs count="4">${xf(0, 0)}${xf(0, 1)}${xf(4, 0)}${xf(4, 1)}</cellXfs>` +
  '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
  '</styleSheet>';

export interface SheetLayout {
  /** Widths in characters, one per column; columns past the list keep the default. */
  widths?: readonly number[];
  /** Columns whose numbers are amounts (`#,##0.00`). */
  money?: readonly boolean[];
  /** The first row stays in view while scrolling. */
  freezeHeader?: boolean;
}

/** Everything of a worksheet before its first row. */
export function sheetStart(layout: SheetLayout): string {
  const pane = layout.freezeHeader
    ? '<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>' +
      '<selection pane="bottomLeft" activeCell="A2" sqref="A2"/>'
    : '';
  const cols = (layout.widths ?? [])
    .map((width, i) => {
      const style = layout.money?.[i] ? ` style="${cellStyle.money}"` : '';
      return `<col min="${i + 1}" max="${i + 1}" width="${width}" customWidth="1"${style}/>`;
    })
    .join('');
  return (
    `${head}<worksheet xmlns="${main}" xmlns:r="${relationships}">` +
    `<sheetViews><sheetView workbookViewId="0">${pane}</sheetView></sheetViews>` +
    `<sheetFormatPr defaultRowHeight="15"/>${cols ? `<cols>${cols}</cols>` : ''}<sheetData>`
  );
}

export const sheetEnd = '</sheetData></worksheet>';
