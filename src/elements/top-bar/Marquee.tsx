import { useEffect, useRef } from 'react';
import { marquee } from './styles';

/**
 * The scrolling greeting: 0.5 px every 20 ms (the spec's speed), wrapping round when the
 * text has passed; paused while hovered, still for users who ask for reduced motion, and
 * still while the whole text fits its slot (checked each step, so a resize is followed).
 */
export function Marquee({ text }: { text: string }) {
  const box = useRef<HTMLDivElement>(null);
  const line = useRef<HTMLSpanElement>(null);
  const paused = useRef(false);
  useEffect(() => {
    const reduced = globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    if (!text || reduced) return;
    let offset = 0;
    const timer = setInterval(() => {
      if (paused.current || !box.current || !line.current) return;
      const fits = line.current.offsetWidth <= box.current.clientWidth;
      box.current.toggleAttribute('data-scrolling', !fits);
      if (fits) {
        offset = 0;
        line.current.style.transform = '';
        return;
      }
      offset += 0.5;
      const width = line.current.offsetWidth;
      if (offset > width) offset = -box.current.offsetWidth;
      line.current.style.transform = `translateX(${-offset}px)`;
    }, 20);
    return () => clearInterval(timer);
  }, [text]);
  return (
    <div
      ref={box}
      css={marquee}
      part="marquee"
      title={text}
      onMouseEnter={() => (paused.current = true)}
      onMouseLeave={() => (paused.current = false)}
      data-field="greeting-text"
    >
      <span ref={line}>{text}</span>
    </div>
  );
}
