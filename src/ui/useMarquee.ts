import { useEffect, useRef } from 'react';

export interface MarqueeOptions {
  /** Pixels per second. */
  speed: number;
  /** The first pass: the text where it stands ('start') or coming in from the right ('end'). */
  from: 'start' | 'end';
  /** Stand still while the whole text fits its box. */
  onlyWhenOverflowing: boolean;
}

const reducedMotion = () =>
  globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

/**
 * A line of text moving sideways through its box at a steady speed, coming round again from
 * the right once it has passed. It is a Web Animation of `transform`, which the browser's
 * compositor runs with no script and no layout: a timer that measured and moved the line
 * every 20 ms kept the main thread of every page busy, a phone's included. The box carries
 * `data-scrolling` while the line moves. Measured again when the box or the text changes
 * size; still for readers who ask for reduced motion; paused while hovered.
 */
export function useMarquee<Box extends HTMLElement, Line extends HTMLElement>(
  content: unknown,
  { speed, from, onlyWhenOverflowing }: MarqueeOptions,
) {
  const box = useRef<Box>(null);
  const line = useRef<Line>(null);
  const animation = useRef<Animation | null>(null);
  const hovered = useRef(false);

  useEffect(() => {
    const boxNode = box.current;
    const lineNode = line.current;
    if (!boxNode || !lineNode || reducedMotion() || typeof lineNode.animate !== 'function') {
      return;
    }
    const stop = () => {
      animation.current?.cancel();
      animation.current = null;
    };
    const place = () => {
      stop();
      const room = boxNode.clientWidth;
      const width = lineNode.offsetWidth;
      const moves = width > 0 && (!onlyWhenOverflowing || width > room);
      boxNode.toggleAttribute('data-scrolling', moves);
      if (!moves) return;
      const moving = lineNode.animate(
        [{ transform: `translateX(${room}px)` }, { transform: `translateX(${-width}px)` }],
        { duration: ((room + width) / speed) * 1000, iterations: Infinity, easing: 'linear' },
      );
      // The keyframes start at the right edge; 'start' begins where the text stands.
      if (from === 'start') moving.currentTime = (room / speed) * 1000;
      if (hovered.current) moving.pause();
      animation.current = moving;
    };
    const resized = new ResizeObserver(place);
    resized.observe(boxNode);
    resized.observe(lineNode);
    return () => {
      resized.disconnect();
      stop();
    };
  }, [content, speed, from, onlyWhenOverflowing]);

  const hover = {
    onMouseEnter: () => {
      hovered.current = true;
      animation.current?.pause();
    },
    onMouseLeave: () => {
      hovered.current = false;
      animation.current?.play();
    },
  };
  return { box, line, hover };
}
