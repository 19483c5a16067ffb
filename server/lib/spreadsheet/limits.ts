/**
 * The bounds every uploaded spreadsheet is read within (docs/decisions.md, "Uploads that
 * parse"). A file is refused as soon as it passes one, before the work it would cause: an
 * XLSX is a ZIP of XML, so its size on the wire says little about what it unpacks to.
 */
export interface SpreadsheetLimits {
  /** The upload itself. */
  maxFileBytes: number;
  /** Everything inflated from the ZIP together (zip bombs). */
  maxUnpackedBytes: number;
  /** Entries in the ZIP. */
  maxEntries: number;
  /** Rows after the header. */
  maxRows: number;
  /** Columns of a row. */
  maxColumns: number;
  /** Characters of one cell (Excel's own limit is 32,767). */
  maxCellChars: number;
  /** Wall time of the parse, off the request loop; past it the parse is stopped. */
  maxMilliseconds: number;
}

export const defaultSpreadsheetLimits: SpreadsheetLimits = {
  maxFileBytes: 10 * 1024 * 1024,
  maxUnpackedBytes: 64 * 1024 * 1024,
  maxEntries: 1000,
  maxRows: 10_000,
  maxColumns: 200,
  maxCellChars: 32_767,
  maxMilliseconds: 20_000,
};

/** Which bound a file passed: `content` covers unpacked size, entries, columns and cells. */
export type LimitReason = 'rows' | 'content' | 'time' | 'busy';

export class SpreadsheetLimit extends Error {
  constructor(readonly reason: LimitReason) {
    super(`spreadsheet limit: ${reason}`);
  }
}
