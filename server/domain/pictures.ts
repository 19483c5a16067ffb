import { join } from 'node:path';
import type { Readable } from 'node:stream';
import sharp from 'sharp';
import { pictureWidths, resizableExtensions, type PictureWidth } from '../../src/core/pictures';
import type { FileRow } from '../db/schema';
import { UserError } from '../lib/errors';
import type { FileStorage } from './storage';

/**
 * Pictures at the width they are drawn (docs/decisions.md, "Pictures served at their drawn
 * width"): a stored image is read once per width of `pictureWidths`, made a WebP no wider than
 * that (never enlarged), and kept in the file storage beside the original, so every machine
 * serves it from there afterwards. An upload's bytes are hostile: the decoder is told the
 * largest picture it may open, and what it cannot read is refused with a message.
 */

/** Pixels a picture to resize may have: a 50-megapixel photo, not a decompression bomb. */
const maxInputPixels = 50_000_000;

/** At most this many pictures are made at once by this process; the others wait their turn. */
const atOnce = 2;

export const isResizable = (extension: string) =>
  (resizableExtensions as readonly string[]).includes(extension.toLowerCase());

const variantKey = (fileId: string, width: PictureWidth) =>
  join('pictures', fileId.slice(-2), `${fileId}-${width}.webp`);

/** Every variant a file may have, for removing them with it. */
export const pictureKeys = (fileId: string) =>
  pictureWidths.map((width) => variantKey(fileId, width));

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

let running = 0;
const queue: (() => void)[] = [];

/** Runs `work` when fewer than `atOnce` pictures are being made. */
async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (running >= atOnce) await new Promise<void>((resolve) => queue.push(resolve));
  running++;
  try {
    return await work();
  } finally {
    running--;
    queue.shift()?.();
  }
}

async function makeVariant(original: Buffer, width: PictureWidth): Promise<Buffer> {
  try {
    return await sharp(original, { limitInputPixels: maxInputPixels, failOn: 'error' })
      .rotate()
      .resize({ width, withoutEnlargement: true })
      .webp({ quality: 78 })
      .toBuffer();
  } catch {
    throw new UserError(422, 'server:picture.unreadable');
  }
}

/** Requests for one variant that arrive while it is being made share the making. */
const making = new Map<string, Promise<void>>();

/**
 * The variant of a picture the caller may read (its access checked by the caller of this),
 * made on first use. Answers the key to stream from the storage.
 */
export async function pictureVariant(
  storage: FileStorage,
  file: FileRow,
  width: PictureWidth,
): Promise<string> {
  if (!isResizable(file.extension)) throw new UserError(415, 'server:picture.notPicture');
  const key = variantKey(file.id, width);
  if (await storage.exists(key)) return key;
  let made = making.get(key);
  if (!made) {
    made = inTurn(async () => {
      const variant = await makeVariant(await bytesOf(await storage.read(file.storage_key)), width);
      await storage.put(key, variant);
    }).finally(() => making.delete(key));
    making.set(key, made);
  }
  await made;
  return key;
}
