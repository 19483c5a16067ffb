/** Saves a file the page made or received, under a name, as a download. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: some browsers read the blob after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

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

/** Reads a streamed download to its end, telling the bytes so far, then saves it. */
export async function saveResponse(
  response: Response,
  fileName: string,
  onBytes: (bytes: number) => void,
): Promise<void> {
  const reader = response.body!.getReader();
  const parts: Uint8Array[] = [];
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    bytes += value.length;
    onBytes(bytes);
  }
  saveBlob(new Blob(parts as BlobPart[]), fileName);
}
