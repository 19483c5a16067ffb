/**
 * Print views open in a near-full-screen window of their own (spec: "a near-full-screen new
 * window"); when the browser blocks it, the caller is told so.
 */
export function openNearFullScreen(url: string): Window | null {
  const screenInfo = globalThis.screen;
  const width = Math.max(800, (screenInfo?.availWidth ?? 1280) - 60);
  const height = Math.max(600, (screenInfo?.availHeight ?? 800) - 60);
  return globalThis.open(url, '_blank', `popup=yes,width=${width},height=${height},left=30,top=30`);
}

/** Opens a page in a new tab or window (forms, edit views). */
export function openInNewWindow(url: string): Window | null {
  return globalThis.open(url, '_blank');
}
