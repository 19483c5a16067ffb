import pg from 'pg';

/**
 * A named statement's run without pg's per-call description (issue 18). For every call of a
 * named statement pg asks PostgreSQL to describe the result again (Describe portal), then
 * rebuilds the field list and its type parsers from the answer (`Result.addFields`) and
 * clones the query's config: on the statement page, whose query has some 70 columns, that
 * was pg's largest single cost, about a tenth of a request's CPU, and twice the JavaScript
 * that reading its rows takes. The description of a named statement cannot change while it
 * exists (PostgreSQL refuses a plan whose result type changed), so it is asked for once,
 * with the statement's Describe after its Parse on a connection, and kept here by name;
 * each call then sends only Bind, Execute and Sync and reads the rows into objects of one
 * shape.
 *
 * It is a pg Submittable (the interface pg-cursor uses): pg queues it on a client like any
 * query and hands it the backend's answers through the handle* methods below.
 */

/** What this file uses of pg's connection (pg/lib/connection.js). */
interface WireConnection {
  parsedStatements: Record<string, string>;
  submittedNamedStatements: Record<string, string>;
  stream: { cork?(): void; uncork?(): void };
  parse(message: { text: string; name: string }): void;
  describe(message: { type: 'S' | 'P'; name: string }): void;
  bind(message: { statement: string; values: unknown[] }): void;
  execute(message: { portal: string }): void;
  sync(): void;
  sendCopyFail(message: string): void;
}

interface FieldDescription {
  name: string;
  dataTypeID: number;
}

type TypeParser = (text: string) => unknown;

/** The result shape of one statement: column names, their parsers and an empty row. */
export interface Description {
  names: string[];
  parsers: TypeParser[];
  /** Every column set to null, in order: each row starts as a copy (one hidden class). */
  emptyRow: Record<string, unknown>;
}

export interface ReadResult<Row> {
  rows: Row[];
  command: string | null;
  rowCount: number | null;
}

/** What a read shares with the others of its pool. */
export interface Statements {
  /** Descriptions by statement name, of one database (a name is a hash of the text). */
  descriptions: {
    get(name: string): Description | undefined;
    set(name: string, description: Description): unknown;
  };
  /** The pool's parser of a type's text. */
  textParser(oid: number): TypeParser;
}

/** pg's own conversion of parameters (dates, arrays, JSON, buffers) to the wire's text. */
const { prepareValue } = (pg as unknown as { utils: { prepareValue(value: unknown): unknown } })
  .utils;

export class DescribedRead<Row> {
  readonly result: Promise<ReadResult<Row>>;
  private resolve!: (result: ReadResult<Row>) => void;
  private reject!: (error: unknown) => void;
  private settled = false;
  private description: Description | undefined;
  private rowError: unknown = null;
  private readonly rows: Row[] = [];
  private command: string | null = null;
  private rowCount: number | null = null;

  constructor(
    /** Read by pg: it records the statement as parsed on the connection under this name. */
    readonly name: string,
    readonly text: string,
    private readonly values: readonly unknown[],
    private readonly statements: Statements,
  ) {
    this.result = new Promise((resolve, reject) => {
      this.resolve = resolve;
      this.reject = reject;
    });
  }

  /** Sends the statement; an error returned here is handed back to handleError by pg. */
  submit(connection: WireConnection): Error | null {
    let values: unknown[];
    try {
      values = this.values.map(prepareValue);
    } catch (error) {
      return error as Error;
    }
    const parsed =
      connection.parsedStatements[this.name] !== undefined ||
      connection.submittedNamedStatements[this.name] !== undefined;
    this.description = this.statements.descriptions.get(this.name);
    // One write for all the messages (pg's own queries cork the same way).
    connection.stream.cork?.();
    try {
      if (!parsed) {
        connection.parse({ text: this.text, name: this.name });
        connection.submittedNamedStatements[this.name] = this.text;
      }
      // Described afresh wherever it is parsed, so a description always comes from the
      // statement that runs.
      if (!parsed || !this.description) {
        this.description = undefined;
        connection.describe({ type: 'S', name: this.name });
      }
      connection.bind({ statement: this.name, values });
      connection.execute({ portal: '' });
      connection.sync();
    } finally {
      connection.stream.uncork?.();
    }
    return null;
  }

  handleRowDescription(message: { fields: FieldDescription[] }): void {
    const names = message.fields.map((field) => field.name);
    const description: Description = {
      names,
      parsers: message.fields.map((field) => this.statements.textParser(field.dataTypeID)),
      emptyRow: Object.fromEntries(names.map((name) => [name, null])),
    };
    this.description = description;
    this.statements.descriptions.set(this.name, description);
  }

  handleDataRow(message: { fields: (string | null)[] }): void {
    if (this.rowError !== null) return;
    const { names, parsers, emptyRow } = this.description!;
    const row: Record<string, unknown> = { ...emptyRow };
    const fields = message.fields;
    try {
      for (let i = 0; i < fields.length; i++) {
        const text = fields[i];
        if (text !== null && text !== undefined) row[names[i]!] = parsers[i]!(text);
      }
    } catch (error) {
      // Answered once the backend is ready again, as pg does for a parser's error.
      this.rowError = error;
      return;
    }
    this.rows.push(row as Row);
  }

  handleCommandComplete(message: { text: string }): void {
    // "SELECT 4", "INSERT 0 1": the command, then the row count last.
    const words = message.text.split(' ');
    this.command = words[0] ?? null;
    const count = Number(words[words.length - 1]);
    this.rowCount = words.length > 1 && Number.isInteger(count) ? count : null;
  }

  handleReadyForQuery(): void {
    if (this.rowError !== null) return this.fail(this.rowError);
    if (this.settled) return;
    this.settled = true;
    this.resolve({ rows: this.rows, command: this.command, rowCount: this.rowCount });
  }

  /** A backend error, a lost connection, or the error submit returned. */
  handleError(error: unknown): void {
    this.fail(this.rowError ?? error);
  }

  handleEmptyQuery(): void {}

  handlePortalSuspended(): void {}

  handleCopyInResponse(connection: WireConnection): void {
    connection.sendCopyFail('not a copy');
  }

  handleCopyData(): void {}

  private fail(error: unknown): void {
    if (this.settled) return;
    this.settled = true;
    this.reject(error);
  }
}
