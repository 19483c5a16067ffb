import { css } from '@emotion/react';
import { useEffect, useState } from 'react';
import { Button } from '../../ui/Button';
import { useT } from '../../ui/i18n';
import { vars } from '../../ui/theme';

/** Each step points at a part of the page: an element of the portal, found by its tag. */
const steps = [
  { key: 'search', target: 'atrium-top-bar' },
  { key: 'menu', target: 'atrium-side-menu' },
  { key: 'user', target: 'atrium-top-bar' },
  { key: 'home', target: 'atrium-home' },
] as const;

const layer = css`
  position: fixed;
  inset: 0;
  z-index: 2100;
  .spot {
    position: fixed;
    border-radius: 8px;
    box-shadow: 0 0 0 9999px rgba(10, 12, 18, 0.55);
    outline: 2px solid #fff;
    transition: all 0.2s;
    pointer-events: none;
  }
  .card {
    position: fixed;
    width: 320px;
    background: #fff;
    border-radius: 10px;
    padding: 16px;
    box-shadow: 0 12px 40px rgba(0, 0, 0, 0.25);
  }
  .card h3 {
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

function rectOf(tag: string): DOMRect | null {
  const element = document.querySelector(tag);
  return element ? element.getBoundingClientRect() : null;
}

/** The guided tour; finishing or skipping it is reported (the server counts both as seen). */
export function Tour({ onEnd }: { onEnd: (outcome: 'complete' | 'exit') => void }) {
  const t = useT();
  const [step, setStep] = useState(0);
  const [rect, setRect] = useState<DOMRect | null>(null);
  const current = steps[step]!;
  useEffect(() => {
    const update = () => setRect(rectOf(current.target));
    update();
    addEventListener('resize', update);
    return () => removeEventListener('resize', update);
  }, [current.target]);

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
    >
      {rect && (
        <div
          className="spot"
          style={{
            top: rect.top - 4,
            left: rect.left - 4,
            width: rect.width + 8,
            height: Math.min(rect.height, 80) + 8,
          }}
        />
      )}
      <div className="card" style={{ top: cardTop, left: cardLeft }}>
        <h3>{t('shell:tour.title')}</h3>
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
