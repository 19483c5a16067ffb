/** How far below the screen something starts to load, so it is ready by the time it is seen. */
const ahead = '300px';

/** How long a page left alone waits before it draws what is off screen anyway. */
const idleTimeoutMs = 3000;

export interface NearViewOptions {
  /**
   * Also start when the browser is next idle, seen or not: for what is cheap enough to
   * prepare ahead (a home column's body), unlike what costs a large download (a chart's
   * library), which waits to be seen.
   */
  orWhenIdle?: boolean;
}

function whenIdle(start: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(start, { timeout: idleTimeoutMs });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(start, idleTimeoutMs);
  return () => clearTimeout(handle);
}

/**
 * Runs `start` once, when the node is about to be seen (or at once where the browser cannot
 * tell), so a page starts with the work of its first screen. Answers how to stop waiting.
 */
export function whenNearView(
  node: Element | null,
  start: () => void,
  { orWhenIdle = false }: NearViewOptions = {},
): () => void {
  if (!node || typeof IntersectionObserver === 'undefined') {
    start();
    return () => undefined;
  }
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    stop();
    start();
  };
  const watcher = new IntersectionObserver(
    (entries) => {
      if (entries.some((entry) => entry.isIntersecting)) once();
    },
    { rootMargin: `${ahead} 0px` },
  );
  watcher.observe(node);
  const stopIdle = orWhenIdle ? whenIdle(once) : () => undefined;
  function stop() {
    watcher.disconnect();
    stopIdle();
  }
  return stop;
}
