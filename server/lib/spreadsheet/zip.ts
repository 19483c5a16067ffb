import { createInflateRaw } from 'node:zlib';
import { StringDecoder } from 'node:string_decoder';
import { SpreadsheetLimit, type SpreadsheetLimits } from './limits';

/**
 * The part of ZIP an XLSX needs, read from a buffer we already hold (the upload, bounded in
 * size): the central directory, then single entries inflated as streams. Every size a file
 * declares is checked, and so is what inflating actually produces, so a zip bomb stops at
 * the limit instead of filling memory.
 */
export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  localOffset: number;
}

const endOfDirectory = 0x06054b50;
const directoryHeader = 0x02014b50;
const localHeader = 0x04034b50;

/** Thrown for a file that is not a ZIP we can read: the caller says "not a spreadsheet". */
export class NotAZip extends Error {}

function endRecordOffset(bytes: Buffer): number {
  // The end record is 22 bytes plus a comment of at most 65,535.
  const earliest = Math.max(0, bytes.length - 22 - 0xffff);
  for (let offset = bytes.length - 22; offset >= earliest; offset--)
    if (bytes.readUInt32LE(offset) === endOfDirectory) return offset;
  throw new NotAZip('no end of central directory');
}

/** The entries of the central directory, by name. */
export function zipEntries(bytes: Buffer, limits: SpreadsheetLimits): Map<string, ZipEntry> {
  if (bytes.length < 22) throw new NotAZip('too short');
  const end = endRecordOffset(bytes);
  const count = bytes.readUInt16LE(end + 10);
  if (count > limits.maxEntries) throw new SpreadsheetLimit('content');
  let offset = bytes.readUInt32LE(end + 16);
  const entries = new Map<string, ZipEntry>();
  for (let index = 0; index < count; index++) {
    if (offset + 46 > bytes.length || bytes.readUInt32LE(offset) !== directoryHeader)
      throw new NotAZip('broken central directory');
    const flags = bytes.readUInt16LE(offset + 8);
    const nameLength = bytes.readUInt16LE(offset + 28);
    const entry: ZipEntry = {
      name: bytes.toString('utf8', offset + 46, offset + 46 + nameLength),
      method: bytes.readUInt16LE(offset + 10),
      compressedSize: bytes.readUInt32LE(offset + 20),
      uncompressedSize: bytes.readUInt32LE(offset + 24),
      localOffset: bytes.readUInt32LE(offset + 42),
    };
    // Encrypted entries and ZIP64 sizes have no place in an upload of a few megabytes.
    if (flags & 1 || entry.uncompressedSize === 0xffffffff) throw new NotAZip('unsupported');
    entries.set(entry.name, entry);
    offset += 46 + nameLength + bytes.readUInt16LE(offset + 30) + bytes.readUInt16LE(offset + 32);
  }
  return entries;
}

function compressedData(bytes: Buffer, entry: ZipEntry): Buffer {
  const at = entry.localOffset;
  if (at + 30 > bytes.length || bytes.readUInt32LE(at) !== localHeader)
    throw new NotAZip('broken local header');
  const start = at + 30 + bytes.readUInt16LE(at + 26) + bytes.readUInt16LE(at + 28);
  if (start + entry.compressedSize > bytes.length) throw new NotAZip('truncated entry');
  return bytes.subarray(start, start + entry.compressedSize);
}

/** Counts the bytes inflated across all entries of one file, against the limit. */
export class UnpackBudget {
  private used = 0;
  constructor(private readonly limits: SpreadsheetLimits) {}

  take(bytes: number): void {
    this.used += bytes;
    if (this.used > this.limits.maxUnpackedBytes) throw new SpreadsheetLimit('content');
  }
}

/**
 * An entry's text, chunk by chunk as it inflates. The consumer may stop early (a `break`
 * ends the inflater); past the budget it throws SpreadsheetLimit.
 */
export async function* entryText(
  bytes: Buffer,
  entry: ZipEntry,
  budget: UnpackBudget,
): AsyncGenerator<string> {
  budget.take(0);
  const data = compressedData(bytes, entry);
  const decoder = new StringDecoder('utf8');
  if (entry.method === 0) {
    budget.take(data.length);
    yield decoder.write(data) + decoder.end();
    return;
  }
  if (entry.method !== 8) throw new NotAZip('unsupported compression');
  const inflater = createInflateRaw({ chunkSize: 64 * 1024 });
  inflater.end(data);
  try {
    for await (const chunk of inflater as AsyncIterable<Buffer>) {
      budget.take(chunk.length);
      yield decoder.write(chunk);
    }
    yield decoder.end();
  } catch (error) {
    if (error instanceof SpreadsheetLimit) throw error;
    throw new NotAZip((error as Error).message);
  } finally {
    inflater.destroy();
  }
}
