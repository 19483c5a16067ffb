import { css } from '@emotion/react';
import { useEffect, useState } from 'react';
import { fileUrl, listNews, pictureSrcSet } from '../../core/api/portal';
import { useLanguage, useT } from '../../ui/i18n';
import { useNavigate } from '../../ui/navigate';
import { Empty, LoadFailed, Loading } from '../../ui/Status';
import { vars } from '../../ui/theme';
import { useAsync } from '../../ui/useAsync';

/** Spec section 9: the carousel's default interval. */
export const defaultInterval = 3000;

const frame = css`
  position: relative;
  height: 100%;
  min-height: 160px;
  border-radius: 8px;
  overflow: hidden;
  background: ${vars.surfaceMuted};
  .slide {
    position: absolute;
    inset: 0;
    border: 0;
    padding: 0;
    cursor: pointer;
    background: none;
    width: 100%;
  }
  img {
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
  .caption {
    position: absolute;
    left: 0;
    right: 0;
    bottom: 0;
    padding: 8px 12px 28px;
    color: #fff;
    background: linear-gradient(transparent, rgba(0, 0, 0, 0.65));
    text-align: left;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  .controls {
    position: absolute;
    bottom: 6px;
    left: 0;
    right: 0;
    display: flex;
    justify-content: center;
    gap: 6px;
  }
  .controls button {
    border: 0;
    border-radius: 10px;
    background: rgba(0, 0, 0, 0.55);
    color: #fff;
    font: inherit;
    font-size: 12px;
    /* 24 px at least under a mouse (WCAG's minimum target), 44 px under a finger. */
    min-width: 24px;
    height: 24px;
    cursor: pointer;
  }
  @media (pointer: coarse) {
    .controls button {
      min-width: 44px;
      height: 44px;
      border-radius: 22px;
      font-size: 16px;
    }
    /* A row of 44 px numbers would not fit a phone: the arrows and pause move it there. */
    .controls button[data-goto] {
      display: none;
    }
  }
  .controls button[aria-current='true'] {
    background: ${vars.primary};
  }
`;

const reducedMotion = () =>
  typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;

export function NewsCarousel({
  interval,
  columnAlias,
}: {
  interval?: number;
  columnAlias?: string;
}) {
  const t = useT();
  const language = useLanguage();
  const navigate = useNavigate();
  const news = useAsync(() => listNews({ type: '0', limit: 10 }), [language]);
  const slides = (news.data ?? []).filter((item) => item.rotatingDisplayPictures);
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [paused, setPaused] = useState(reducedMotion);
  const [frameNode, setFrameNode] = useState<HTMLElement | null>(null);
  const running = !hovered && !paused && slides.length > 1;
  // Native mouseenter/leave: React's synthetic ones miss a pointer entering a shadow root.
  useEffect(() => {
    if (!frameNode) return;
    const enter = () => setHovered(true);
    const leave = () => setHovered(false);
    frameNode.addEventListener('mouseenter', enter);
    frameNode.addEventListener('mouseleave', leave);
    return () => {
      frameNode.removeEventListener('mouseenter', enter);
      frameNode.removeEventListener('mouseleave', leave);
    };
  }, [frameNode]);
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(
      () => setIndex((current) => (current + 1) % slides.length),
      interval || defaultInterval,
    );
    return () => clearInterval(timer);
  }, [running, slides.length, interval]);
  if (news.loading) return <Loading />;
  if (news.error) return <LoadFailed error={news.error} onRetry={news.reload} />;
  if (!slides.length) return <Empty />;
  const current = slides[index % slides.length]!;
  const go = (step: number) => setIndex((index + step + slides.length) % slides.length);
  return (
    <section
      css={frame}
      part="carousel"
      aria-roledescription="carousel"
      aria-label={t('widgets:carousel.label')}
      data-column-alias={columnAlias}
      data-index={index % slides.length}
      data-running={String(running)}
      ref={setFrameNode}
      onFocus={() => setHovered(true)}
      onBlur={() => setHovered(false)}
      onKeyDown={(event) => {
        if (event.key === 'ArrowRight') go(1);
        if (event.key === 'ArrowLeft') go(-1);
      }}
    >
      <div
        role="group"
        aria-roledescription="slide"
        aria-label={t('widgets:carousel.slide', {
          n: (index % slides.length) + 1,
          total: slides.length,
        })}
      >
        <button
          type="button"
          className="slide"
          onClick={() => navigate(`/news/${current.id}`)}
          data-news-id={current.id}
        >
          {/* The size a poster is drawn for (16:9); the frame covers whatever it gets. The
              first slide is the home's largest picture: fetched at the width it is drawn. */}
          <img
            src={fileUrl(current.rotatingDisplayPictures ?? '', true)}
            srcSet={pictureSrcSet(current.rotatingDisplayPictures ?? '')}
            sizes="(max-width: 900px) 100vw, 640px"
            alt=""
            width={960}
            height={540}
          />
          <span className="caption" aria-live={running ? 'off' : 'polite'}>
            {current.title}
          </span>
        </button>
      </div>
      <div className="controls">
        <button type="button" aria-label={t('widgets:carousel.previous')} onClick={() => go(-1)}>
          ‹
        </button>
        {slides.map((slide, i) => (
          <button
            key={slide.id}
            type="button"
            aria-label={t('widgets:carousel.goTo', { n: i + 1 })}
            data-goto={i + 1}
            aria-current={i === index % slides.length}
            onClick={() => setIndex(i)}
          >
            {i + 1}
          </button>
        ))}
        <button type="button" aria-label={t('widgets:carousel.next')} onClick={() => go(1)}>
          ›
        </button>
        <button
          type="button"
          data-action="pause"
          aria-label={t(paused ? 'widgets:carousel.play' : 'widgets:carousel.pause')}
          aria-pressed={paused}
          onClick={() => setPaused(!paused)}
        >
          {paused ? '▶' : '❚❚'}
        </button>
      </div>
    </section>
  );
}
