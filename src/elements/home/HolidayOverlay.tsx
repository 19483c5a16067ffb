import { css } from '@emotion/react';
import { useEffect, useRef, useState } from 'react';
import { fileUrl, parseAttachments } from '../../core/api/portal';
import type { HolidayTip } from '../../core/api/shell';
import { useT } from '../../ui/i18n';
import { useModal } from '../../ui/useModal';

const overlay = css`
  position: fixed;
  inset: 0;
  z-index: 2000;
  background: rgba(10, 12, 18, 0.6);
  display: flex;
  align-items: center;
  justify-content: center;
  .slide {
    position: relative;
    width: min(720px, 92vw);
    height: min(420px, 70vh);
    border-radius: 14px;
    overflow: hidden;
    background: #9f1d2e center / cover no-repeat;
    color: #fff;
    display: flex;
    flex-direction: column;
    justify-content: flex-end;
    padding: 32px;
    box-shadow: 0 20px 60px rgba(0, 0, 0, 0.4);
  }
  h2 {
    margin: 0 0 8px;
    font-size: 28px;
    text-shadow: 0 2px 8px rgba(0, 0, 0, 0.4);
  }
  p {
    margin: 0;
    font-size: 17px;
    text-shadow: 0 1px 6px rgba(0, 0, 0, 0.5);
  }
  .close {
    position: absolute;
    top: 14px;
    right: 14px;
    border: 0;
    border-radius: 16px;
    padding: 4px 14px;
    background: rgba(0, 0, 0, 0.35);
    color: #fff;
    cursor: pointer;
    font: inherit;
  }
  .dots {
    position: absolute;
    bottom: 14px;
    left: 0;
    right: 0;
    display: flex;
    justify-content: center;
    gap: 8px;
  }
  .dots button {
    width: 8px;
    height: 8px;
    padding: 0;
    border: 0;
    border-radius: 50%;
    background: rgba(255, 255, 255, 0.5);
    cursor: pointer;
  }
  .dots button[aria-current='true'] {
    background: #fff;
  }
`;

/** Holiday, birthday and anniversary greetings as a carousel (3 s per slide). */
export function HolidayOverlay({ tips, onClose }: { tips: HolidayTip[]; onClose: () => void }) {
  const t = useT();
  const [index, setIndex] = useState(0);
  // A modal as every other: focus inside, Tab kept there, Escape closes it.
  const panel = useRef<HTMLDivElement>(null);
  useModal(panel, true, onClose);
  useEffect(() => {
    if (tips.length < 2) return;
    const timer = setInterval(() => setIndex((current) => (current + 1) % tips.length), 3000);
    return () => clearInterval(timer);
  }, [tips.length]);
  const tip = tips[index]!;
  const picture = parseAttachments(tip.bjtp)[0];
  return (
    <div
      css={overlay}
      role="dialog"
      aria-modal="true"
      aria-label={tip.title}
      part="overlay"
      data-overlay="holiday"
      ref={panel}
      tabIndex={-1}
    >
      <div
        className="slide"
        style={picture ? { backgroundImage: `url("${fileUrl(picture.id, true)}")` } : undefined}
        data-tip={tip.lx}
      >
        <button type="button" className="close" onClick={onClose} data-action="close-holiday">
          {t('shell:home.holidayClose')}
        </button>
        <h2>{tip.title}</h2>
        <p>{tip.tcwb}</p>
        {tips.length > 1 && (
          <div className="dots">
            {tips.map((item, position) => (
              <button
                key={`${item.lx}-${position}`}
                type="button"
                aria-label={item.title}
                aria-current={position === index}
                onClick={() => setIndex(position)}
              />
            ))}
          </div>
        )}
      </div>
    </div>
  );
}
