import { css } from '@emotion/react';
import { useEffect } from 'react';
import { enterpriseNotices } from '../../core/api/shell';
import { Icon } from '../../ui/icons';
import { useT } from '../../ui/i18n';
import { vars } from '../../ui/theme';
import { useAsync } from '../../ui/useAsync';
import { useMarquee } from '../../ui/useMarquee';

const style = css`
  display: flex;
  align-items: center;
  gap: 10px;
  height: 40px;
  padding: 0 14px;
  background: #fff8ec;
  border: 1px solid #f3dfb8;
  border-radius: ${vars.radius};
  color: #7a4b00;
  overflow: hidden;
  .track {
    flex: 1;
    overflow: hidden;
    white-space: nowrap;
  }
  .line {
    display: inline-block;
    will-change: transform;
  }
  .line span + span::before {
    content: '｜';
    margin: 0 24px;
    opacity: 0.5;
  }
`;

/**
 * The enterprise notices, moving 1 px every 20 ms (the spec's speed, 50 px a second) in from
 * the right; hovering pauses them.
 */
export function NoticeMarquee({ onKnown }: { onKnown?: () => void }) {
  const t = useT();
  const notices = useAsync(enterpriseNotices, []);
  const count = notices.data?.length ?? 0;
  // Whether it takes a line is known: what is drawn below it may be seen.
  useEffect(() => {
    if (!notices.loading) onKnown?.();
  }, [notices.loading, onKnown]);
  const { box, line, hover } = useMarquee<HTMLDivElement, HTMLDivElement>(notices.data, {
    speed: 50,
    from: 'end',
    onlyWhenOverflowing: false,
  });

  if (!count) return null;
  return (
    <div
      css={style}
      part="marquee"
      // ARIA's own role for scrolling news: a live region that does not interrupt.
      role="marquee"
      aria-label={t('shell:home.notices')}
      {...hover}
    >
      <Icon name="notice" size={18} />
      <div className="track" ref={box}>
        <div className="line" ref={line} data-list="notices">
          {notices.data!.map((notice) => (
            <span key={notice.id}>{notice.showInfo}</span>
          ))}
        </div>
      </div>
    </div>
  );
}
