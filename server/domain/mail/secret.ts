import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Mail passwords at rest: AES-256-GCM with the key from MAIL_SECRET (server/config.ts).
 * Stored as `v1:<iv>:<tag>:<ciphertext>` in base64; a changed key or a tampered value fails
 * to open instead of yielding garbage.
 */
export function sealSecret(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), body].map((part) => part.toString('base64')).join(':');
}

export function openSecret(key: Buffer, sealed: string): string {
  const [version, iv, tag, body] = sealed.split(':');
  if (version !== 'v1' || !iv || !tag || body === undefined) {
    throw new Error('mail secret: unknown format');
  }
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
  decipher.setAuthTag(Buffer.from(tag, 'base64'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64')), decipher.final()]).toString(
    'utf8',
  );
}
