import { useEffect, useState } from 'react';

/** The window's inner height minus an offset, kept up to date on resize (spec: table = height − 136). */
export function useWindowHeight(offset: number, minimum = 240): number {
  const measure = () => Math.max(minimum, (globalThis.innerHeight ?? 800) - offset);
  const [height, setHeight] = useState(measure);
  useEffect(() => {
    const update = () => setHeight(measure());
    addEventListener('resize', update);
    return () => removeEventListener('resize', update);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [offset, minimum]);
  return height;
}
