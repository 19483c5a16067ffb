/** The part of archiver's API (version 5, which exceljs also uses) the XLSX writer needs. */
declare module 'archiver' {
  import type { Readable, Transform } from 'node:stream';

  interface EntryData {
    name: string;
    date?: Date;
  }
  interface Archiver extends Transform {
    append(source: Readable | Buffer, data: EntryData): this;
    finalize(): Promise<void>;
    abort(): this;
  }
  interface ZipOptions {
    zlib?: { level?: number };
    /** Bytes the archive's own output buffers hold before a reader must take them. */
    highWaterMark?: number;
  }
  export default function archiver(format: 'zip', options?: ZipOptions): Archiver;
}
