import { css } from '@emotion/react';
import type { TaskButton } from '../../core/workflow/buttons';
import { Button } from '../../ui/Button';
import { useT } from '../../ui/i18n';
import { vars } from '../../ui/theme';

const bar = css`
  position: sticky;
  top: 0;
  z-index: 10;
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  padding: 12px 20px;
  background: ${vars.surface};
  border: 1px solid ${vars.border};
  border-radius: 10px;
  button {
    height: 32px;
    padding: 0 14px;
  }
`;

/** Buttons that move the flow on are primary; the rest are plain. */
const primary = new Set(['agree', 'agreeTrans', 'inquReply', 'commuReply']);

/** The task's buttons, already in the spec's order. */
export function ActionBar({
  buttons,
  busy,
  onPress,
}: {
  buttons: TaskButton[];
  busy: string | null;
  onPress: (button: TaskButton) => void;
}) {
  const t = useT();
  return (
    <div css={bar} part="actions" data-buttons={buttons.map((button) => button.alias).join(' ')}>
      {buttons.map((button) => (
        <Button
          key={button.alias}
          variant={primary.has(button.alias) ? 'primary' : 'default'}
          busy={busy === button.alias}
          disabled={busy !== null && busy !== button.alias}
          onClick={() => onPress(button)}
          data-alias={button.alias}
          data-locked={button.alias === 'lockUnlock' ? String(button.isLock === true) : undefined}
        >
          {button.alias === 'lockUnlock' && button.isLock
            ? t('workflow:lock.release')
            : button.name}
        </Button>
      ))}
    </div>
  );
}
