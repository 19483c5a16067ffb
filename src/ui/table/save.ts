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
