import { css } from '@emotion/react';
import { useRef, useState } from 'react';
import { useT } from '../i18n';
import { vars } from '../theme';

/** The spec's playback rates (shell.md section 9). */
export const playbackRates = [0.5, 1, 1.5, 2] as const;

const rates = css`
  display: flex;
  align-items: center;
  gap: 6px;
  margin-top: 10px;
  font-size: 13px;
  color: ${vars.textMuted};
  button {
    min-width: 44px;
    height: 28px;
    border: 1px solid ${vars.border};
    border-radius: ${vars.radius};
    background: ${vars.surface};
    color: ${vars.text};
    font: inherit;
    cursor: pointer;
  }
  button[aria-pressed='true'] {
    border-color: ${vars.primary};
    background: ${vars.primary};
    color: ${vars.primaryText};
  }
`;

/** Audio or video with the four playback rates. */
export function MediaView({
  url,
  kind,
  name,
}: {
  url: string;
  kind: 'audio' | 'video';
  name: string;
}) {
  const t = useT();
  const media = useRef<HTMLMediaElement | null>(null);
  const [rate, setRate] = useState<number>(1);
  const choose = (next: number) => {
    setRate(next);
    if (media.current) media.current.playbackRate = next;
  };
  return (
    <div data-preview={kind}>
      {kind === 'video' ? (
        <video
          ref={(node) => {
            media.current = node;
          }}
          src={url}
          controls
          aria-label={name}
          css={{ width: '100%', maxHeight: '65vh', background: '#000', display: 'block' }}
        />
      ) : (
        <audio
          ref={(node) => {
            media.current = node;
          }}
          src={url}
          controls
          aria-label={name}
          css={{ width: '100%' }}
        />
      )}
      <div css={rates} role="group" aria-label={t('shell-elements:preview.speed')}>
        <span>{t('shell-elements:preview.speed')}</span>
        {playbackRates.map((value) => (
          <button
            key={value}
            type="button"
            aria-pressed={rate === value}
            onClick={() => choose(value)}
            data-rate={value}
          >
            {value}x
          </button>
        ))}
      </div>
    </div>
  );
}
