/**
 * Idle logout (spec/shell.md sections 4 and 9): checked every 30 seconds; any activity
 * resets the clock; the limit is 30 minutes unless the user's overTime (minutes) says otherwise.
 */
export const defaultIdleMinutes = 30;
const checkEveryMs = 30_000;
const activity = ['mousemove', 'mousedown', 'keydown', 'wheel', 'touchstart', 'scroll'] as const;

export function watchIdle(limitMinutes: number, onIdle: () => void): () => void {
  let last = Date.now();
  const touch = () => (last = Date.now());
  for (const name of activity)
    document.addEventListener(name, touch, { passive: true, capture: true });
  const timer = setInterval(() => {
    if (Date.now() - last >= limitMinutes * 60_000) onIdle();
  }, checkEveryMs);
  return () => {
    clearInterval(timer);
    for (const name of activity) document.removeEventListener(name, touch, { capture: true });
  };
}
