import { css } from '@emotion/react';
import { useLayoutEffect, useRef, useState } from 'react';
import { Button } from '../../ui/Button';
import { useT } from '../../ui/i18n';
import { vars } from '../../ui/theme';
import { useModal } from '../../ui/useModal';

/**
 * Each step points at a part of the page: an element of the portal found by its tag, or a
 * part inside it ("atrium-top-bar [part=user]": the tag, then a selector in its shadow root);
 * the first of the list that is on screen. On a phone the side menu is folded away behind the
 * top bar's menu button, so the menu step points at that button there.
 */
const steps = [
  { key: 'search', target: 'atrium-top-bar [part=search], atrium-top-bar' },
  { key: 'menu', target: 'atrium-side-menu, atrium-top-bar [part=menu-button], atrium-top-bar' },
  { key: 'user', target: 'atrium-top-bar [part=user], atrium-top-bar' },
  { key: 'home', target: 'atrium-home' },
] as const;

/** The element a target names: a tag, then optionally a selector inside its shadow root. */
function targetElement(target: string): Element | null {
  const [tag = '', ...inside] = target.trim().split(' ');
  const element = document.querySelector(tag);
  return inside.length ? (element?.shadowRoot?.querySelector(inside.join(' ')) ?? null) : element;
}

/** The first element of `targets` (a comma-separated list, in order) drawn on screen. */
function shownTarget(targets: string): Element | null {
  for (const target of targets.split(',')) {
    const element = targetElement(target);
    const rect = element?.getBoundingClientRect();
    if (rect && rect.width > 8 && rect.height > 8 && rect.right > 0 && rect.left < innerWidth) {
      return element!;
    }
  }
  return null;
}

const layer = css`
  position: fixed;
  inset: 0;
  z-index: 2100;
  /* Placed by transform from the corner: following a target that moves or grows is then
     no layout shift of the page, and the move between steps can glide. */
  .spot,
  .card {
    position: fixed;
    top: 0;
    left: 0;
  }
  .spot {
    border-radius: 8px;
    box-shadow: 0 0 0 9999px rgba(10, 12, 18, 0.55);
    outline: 2px solid #fff;
    transition: transform 0.2s;
    pointer-events: none;
  }
  .card {
    width: 320px;
    background: #fff;
    border-radius: 10px;
    padding: 16px;
    box-shadow: 0 12px 40px rgba(0, 0, 0, 0.25);
  }
  .card h2 {
    margin: 0 0 6px;
    font-size: 15px;
  }
  .card p {
    margin: 0 0 12px;
    line-height: 1.6;
  }
  .buttons {
    display: flex;
    gap: 8px;
    justify-content: flex-end;
  }
  small {
    color: ${vars.textMuted};
    margin-right: auto;
    align-self: center;
  }
`;

/** Space between the target and the highlight's outline. */
const pad = 4;

/**
 * Where the target of a step is now: measured again whenever the window is resized or
 * scrolled or the target changes size (the home page grows as its widgets load), so the
 * highlight always covers the whole target, not where it was when the step began.
 */
function useTargetRect(tags: string): DOMRect | null {
  const [rect, setRect] = useState<DOMRect | null>(null);
  // Measured before the first paint: the card is drawn where it belongs, never moved there.
  useLayoutEffect(() => {
    // Chosen again on every change: the side menu is drawn, then folded away on a phone.
    const update = () => setRect(shownTarget(tags)?.getBoundingClientRect() ?? null);
    update();
    const resized = new ResizeObserver(update);
    for (const target of tags.split(',')) {
      const element = targetElement(target);
      if (element) resized.observe(element);
    }
    addEventListener('resize', update);
    addEventListener('scroll', update, true);
    return () => {
      resized.disconnect();
      removeEventListener('resize', update);
      removeEventListener('scroll', update, true);
    };
  }, [tags]);
  return rect;
}

/** The guided tour; finishing or skipping it is reported (the server counts both as seen). */
export function Tour({ onEnd }: { onEnd: (outcome: 'complete' | 'exit') => void }) {
  const t = useT();
  const [step, setStep] = useState(0);
  const current = steps[step]!;
  // A modal as every other: focus inside, Tab kept there, Escape skips the tour.
  const panel = useRef<HTMLDivElement>(null);
  useModal(panel, true, () => onEnd('exit'));
  const rect = useTargetRect(current.target);

  const last = step === steps.length - 1;
  const cardTop = rect
    ? Math.min(innerHeight - 200, rect.top + Math.min(rect.height, 80) + 12)
    : innerHeight / 2 - 90;
  const cardLeft = rect
    ? Math.min(innerWidth - 340, Math.max(12, rect.left + 12))
    : innerWidth / 2 - 160;
  return (
    <div
      css={layer}
      role="dialog"
      aria-modal="true"
      aria-label={t('shell:tour.title')}
      part="tour"
      data-tour-step={current.key}
      ref={panel}
      tabIndex={-1}
    >
      {rect && (
        // The whole target: a tall one (the home page) was cut to its first 80 px before.
        <div
          className="spot"
          data-tour-spot={current.key}
          style={{
            transform: `translate(${rect.left - pad}px, ${rect.top - pad}px)`,
            width: rect.width + 2 * pad,
            height: rect.height + 2 * pad,
          }}
        />
      )}
      <div className="card" style={{ transform: `translate(${cardLeft}px, ${cardTop}px)` }}>
        <h2>{t('shell:tour.title')}</h2>
        <p>{t(`shell:tour.steps.${current.key}`)}</p>
        <div className="buttons">
          <small>{t('shell:tour.step', { step: step + 1, total: steps.length })}</small>
          <Button variant="text" onClick={() => onEnd('exit')} data-action="skip-tour">
            {t('shell:tour.skip')}
          </Button>
          {step > 0 && (
            <Button onClick={() => setStep(step - 1)}>{t('shell:tour.previous')}</Button>
          )}
          <Button
            variant="primary"
            onClick={() => (last ? onEnd('complete') : setStep(step + 1))}
            data-action={last ? 'finish-tour' : 'next-step'}
          >
            {last ? t('shell:tour.finish') : t('shell:tour.next')}
          </Button>
        </div>
      </div>
    </div>
  );
}
