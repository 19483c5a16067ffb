import { useMarquee } from '../../ui/useMarquee';
import { marquee } from './styles';

/**
 * The scrolling greeting: 0.5 px every 20 ms (the spec's speed, 25 px a second), coming round
 * again once the text has passed; still while the whole text fits its slot.
 */
export function Marquee({ text }: { text: string }) {
  const { box, line, hover } = useMarquee<HTMLDivElement, HTMLSpanElement>(text, {
    speed: 25,
    from: 'start',
    onlyWhenOverflowing: true,
  });
  return (
    <div ref={box} css={marquee} part="marquee" title={text} {...hover} data-field="greeting-text">
      <span ref={line}>{text}</span>
    </div>
  );
}
