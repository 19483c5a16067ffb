import { css, keyframes } from '@emotion/react';
import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { vars } from './theme';

export interface TabItem {
  id: string;
  label: ReactNode;
}

// Tabs that do not fit (a phone, longer English labels) scroll sideways rather than widen
// the page. The line under them is a shadow inside the list, so the chosen tab's mark
// (drawn over it) is not clipped by the scrolling box.
// A strip that scrolls fades out at the edge its hidden tabs are behind: the first half of
// its scroll the end, the second half the start. Driven by its own scroll, so a strip that
// fits (no scroll range, the timeline inactive) shows no fade.
const fade = keyframes`
  0%, 49.9% {
    mask-image: linear-gradient(to right, #000 calc(100% - 40px), transparent);
  }
  50%, 100% {
    mask-image: linear-gradient(to left, #000 calc(100% - 40px), transparent);
  }
`;

const listStyle = css`
  display: flex;
  gap: 24px;
  box-shadow: inset 0 -1px 0 ${vars.border};
  margin-bottom: 20px;
  overflow-x: auto;
  scrollbar-width: thin;
  animation: ${fade} linear both;
  animation-timeline: scroll(self inline);
`;

const tabStyle = css`
  position: relative;
  flex: none;
  white-space: nowrap;
  padding: 10px 2px;
  border: 0;
  background: none;
  font: inherit;
  font-size: 15px;
  color: ${vars.textMuted};
  cursor: pointer;
  &[aria-selected='true'] {
    color: ${vars.primary};
    font-weight: 600;
  }
  &[aria-selected='true']::after {
    content: '';
    position: absolute;
    left: 0;
    right: 0;
    bottom: 0;
    height: 2px;
    background: ${vars.primary};
  }
  &:focus-visible {
    outline: 2px solid ${vars.focus};
    outline-offset: 2px;
  }
`;

/** WAI-ARIA tabs: arrow keys move between tabs, the panel is labelled by its tab. */
export function Tabs({
  items,
  active,
  onChange,
  children,
  label,
}: {
  items: TabItem[];
  active: string;
  onChange: (id: string) => void;
  children: ReactNode;
  label?: string;
}) {
  const baseId = useId();
  const refs = useRef<Record<string, HTMLButtonElement | null>>({});
  const onKeyDown = (event: KeyboardEvent) => {
    const index = items.findIndex((item) => item.id === active);
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    const next = items[(index + step + items.length) % items.length]!;
    onChange(next.id);
    refs.current[next.id]?.focus();
  };
  return (
    <div>
      <div role="tablist" aria-label={label} css={listStyle} onKeyDown={onKeyDown} part="tabs">
        {items.map((item) => (
          <button
            key={item.id}
            ref={(node) => {
              refs.current[item.id] = node;
            }}
            role="tab"
            type="button"
            id={`${baseId}-${item.id}`}
            aria-selected={item.id === active}
            aria-controls={`${baseId}-panel`}
            tabIndex={item.id === active ? 0 : -1}
            css={tabStyle}
            onClick={() => onChange(item.id)}
          >
            {item.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${baseId}-panel`} aria-labelledby={`${baseId}-${active}`}>
        {children}
      </div>
    </div>
  );
}
