/**
 * A `data:` address as a file, decoded in the page: fetching it would be a request the
 * page's own policy (connect-src) refuses.
 */
export function blobOfDataUrl(url: string): Blob {
  const [head = '', body = ''] = url.split(',', 2);
  const type = /^data:([^;,]+)/.exec(head)?.[1] ?? 'application/octet-stream';
  const text = head.endsWith(';base64') ? atob(body) : decodeURIComponent(body);
  return new Blob([Uint8Array.from(text, (char) => char.charCodeAt(0))], { type });
}
