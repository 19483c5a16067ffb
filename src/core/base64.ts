/**
 * Base64 of UTF-8 text, and back: the spec's mail content encoding, and (with base64url)
 * the claims of a token handed over in the address.
 */
export function toBase64(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (let index = 0; index < bytes.length; index += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(index, index + 0x8000));
  }
  return btoa(binary);
}

export function fromBase64(text: string): string {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return new TextDecoder().decode(bytes);
}

/** The same, for base64url (JWT segments: `-` and `_`, no padding). */
export const fromBase64Url = (text: string): string =>
  fromBase64(text.replace(/-/g, '+').replace(/_/g, '/'));
