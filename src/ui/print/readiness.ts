/**
 * Printing before the seal image and the fonts have arrived prints blanks; wait for both
 * (images inside the element's shadow root included). A batch shows the same seal on every
 * notice: one copy of each distinct image is decoded (which also waits for it to load), not
 * a thousand.
 */
export async function whenPrintable(root: ParentNode): Promise<void> {
  const distinct = new Map<string, HTMLImageElement>();
  for (const image of root.querySelectorAll('img')) {
    if (!distinct.has(image.src)) distinct.set(image.src, image);
  }
  await Promise.all([
    globalThis.document?.fonts?.ready,
    ...[...distinct.values()].map((image) => image.decode().catch(() => undefined)),
  ]);
}
