import { css } from '@emotion/react';
import { useEffect, useRef } from 'react';
import { enterpriseNotices } from '../../core/api/shell';
import { Icon } from '../../ui/icons';
import { useT } from '../../ui/i18n';
import { vars } from '../../ui/theme';
import { useAsync } from '../../ui/useAsync';

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

/** The enterprise notices, moving 1 px every 20 ms (the spec's speed); hovering pauses them. */
export function NoticeMarquee() {
  const t = useT();
  const notices = useAsync(enterpriseNotices, []);
  const track = useRef<HTMLDivElement>(null);
  const line = useRef<HTMLDivElement>(null);
  const paused = useRef(false);
  const count = notices.data?.length ?? 0;

  useEffect(() => {
    if (!count || globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return;
    let offset = -(track.current?.offsetWidth ?? 0);
    const timer = setInterval(() => {
      if (paused.current || !line.current || !track.current) return;
      offset += 1;
      if (offset > line.current.offsetWidth) offset = -track.current.offsetWidth;
      line.current.style.transform = `translateX(${-offset}px)`;
    }, 20);
    return () => clearInterval(timer);
  }, [count]);

  if (!count) return null;
  return (
    <div
      css={style}
      part="marquee"
      // ARIA's own role for scrolling news: a live region that does not interrupt.
      role="marquee"
      aria-label={t('shell:home.notices')}
      onMouseEnter={() => (paused.current = true)}
      onMouseLeave={() => (paused.current = false)}
    >
      <Icon name="notice" size={18} />
      <div className="track" ref={track}>
        <div className="line" ref={line} data-list="notices">
          {notices.data!.map((notice) => (
            <span key={notice.id}>{notice.showInfo}</span>
          ))}
        </div>
      </div>
    </div>
  );
}
