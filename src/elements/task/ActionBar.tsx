import { css } from '@emotion/react';
import { useEffect, useRef, useState } from 'react';
import type { TaskButton } from '../../core/workflow/buttons';
import { Button } from '../../ui/Button';
import { useT } from '../../ui/i18n';
import { Icon } from '../../ui/icons';
import { useNarrow } from '../../ui/table/useNarrow';
import { phoneWidth, vars } from '../../ui/theme';

const bar = css`
  position: sticky;
  bottom: 0;
  z-index: 10;
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px;
  padding: 12px 20px;
  background: ${vars.surface};
  border: 1px solid ${vars.border};
  border-radius: 10px;
  box-shadow: 0 -4px 12px rgba(0, 0, 0, 0.04);
  & > button,
  .more > button {
    height: 32px;
    padding: 0 14px;
  }
  .more {
    position: relative;
  }
  .more ul {
    position: absolute;
    /* Above its button, whatever the button's height (44 px under a finger). */
    bottom: calc(100% + 4px);
    left: 0;
    z-index: 20;
    min-width: 160px;
    margin: 0;
    padding: 6px 0;
    list-style: none;
    background: ${vars.surface};
    border: 1px solid ${vars.border};
    border-radius: ${vars.radius};
    box-shadow: 0 8px 24px rgba(0, 0, 0, 0.12);
  }
  .more li button {
    width: 100%;
    border: 0;
    background: none;
    text-align: left;
    padding: 8px 16px;
    font: inherit;
    color: ${vars.text};
    cursor: pointer;
  }
  .more li button:hover,
  .more li button:focus-visible {
    background: ${vars.surfaceMuted};
  }
  /* A phone: one row, the primary action last, at the right thumb; 更多 opens upwards. */
  &[data-phone='true'] {
    flex-wrap: nowrap;
    padding: 8px;
    & > button,
    .more > button {
      height: 44px;
      flex: 1 1 0;
      min-width: 0;
      padding: 0 8px;
    }
    .more {
      order: -1;
      flex: 0 0 auto;
    }
    & > [data-primary='true'] {
      order: 2;
    }
    .more ul {
      left: 0;
    }
  }
`;

/** Buttons that move the flow on: primary, and first. */
const primary = new Set(['agree', 'agreeTrans', 'inquReply', 'commuReply']);

/**
 * What a person does most at each kind of step, after the primary action (Feishu and
 * DingTalk approvals show about three); the rest wait under 更多. A vote's abstention and a
 * shared task's claim are common there; a returned request's end and save.
 */
const commonByKind: Record<string, string[]> = {
  vote: ['oppose', 'abandon', 'reject'],
  shared: ['lockUnlock', 'oppose', 'reject'],
  start: ['saveDraft', 'endProcess'],
  task: ['oppose', 'reject', 'backToStart'],
};
/** Shown by the page's tabs, not as buttons (once is enough). */
const asTabs = new Set(['flowImage', 'approvalHistory']);

export type StepKind = keyof typeof commonByKind;

/**
 * Primary first, then the common ones of this kind of step, then everything else under 更多.
 * On a phone the bar is one row: the primary action and one more beside 更多.
 */
export function arrange(
  buttons: TaskButton[],
  kind: StepKind = 'task',
  phone = false,
): { shown: TaskButton[]; more: TaskButton[] } {
  const usable = buttons.filter((button) => !asTabs.has(button.alias));
  const common = commonByKind[kind] ?? commonByKind.task!;
  const rank = (button: TaskButton) =>
    primary.has(button.alias)
      ? -1
      : common.includes(button.alias)
        ? common.indexOf(button.alias)
        : common.length;
  const ordered = [...usable].sort((a, b) => rank(a) - rank(b));
  const limit = phone ? 2 : 1 + common.length;
  const shown = ordered.filter((button) => rank(button) < common.length).slice(0, limit);
  const more = ordered.filter((button) => !shown.includes(button));
  // A bar of one button more than fits is better than a menu of one.
  return more.length === 1 && !phone ? { shown: ordered, more: [] } : { shown, more };
}

/** The task's buttons, the one that moves the flow on first (issue 13 item 7). */
export function ActionBar({
  buttons,
  kind,
  busy,
  onPress,
}: {
  buttons: TaskButton[];
  kind: StepKind;
  busy: string | null;
  onPress: (button: TaskButton) => void;
}) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const menu = useRef<HTMLDivElement>(null);
  const [node, setNode] = useState<HTMLDivElement | null>(null);
  const phone = useNarrow(node, phoneWidth);
  useEffect(() => {
    if (!open) return;
    const close = (event: Event) => {
      if (!event.composedPath().includes(menu.current!)) setOpen(false);
    };
    document.addEventListener('click', close);
    return () => document.removeEventListener('click', close);
  }, [open]);
  const { shown, more } = arrange(buttons, kind, phone);
  const label = (button: TaskButton) =>
    button.alias === 'lockUnlock' && button.isLock ? t('workflow:lock.release') : button.name;

  return (
    <div
      css={bar}
      ref={setNode}
      part="actions"
      data-buttons={buttons.map((button) => button.alias).join(' ')}
      data-phone={String(phone)}
    >
      {shown.map((button) => (
        <Button
          key={button.alias}
          variant={primary.has(button.alias) ? 'primary' : 'default'}
          busy={busy === button.alias}
          disabled={busy !== null && busy !== button.alias}
          onClick={() => onPress(button)}
          data-alias={button.alias}
          data-primary={String(primary.has(button.alias))}
          data-locked={button.alias === 'lockUnlock' ? String(button.isLock === true) : undefined}
        >
          {label(button)}
        </Button>
      ))}
      {more.length > 0 && (
        <div className="more" ref={menu}>
          <Button
            aria-haspopup="menu"
            aria-expanded={open}
            disabled={busy !== null}
            onClick={() => setOpen((value) => !value)}
            onKeyDown={(event) => event.key === 'Escape' && setOpen(false)}
            data-action="more-actions"
          >
            {t('workflow:task.moreActions')}
            <Icon name="more" size={16} />
          </Button>
          {open && (
            <ul role="menu">
              {more.map((button) => (
                <li role="none" key={button.alias}>
                  <button
                    type="button"
                    role="menuitem"
                    onClick={() => {
                      setOpen(false);
                      onPress(button);
                    }}
                    data-alias={button.alias}
                  >
                    {label(button)}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
