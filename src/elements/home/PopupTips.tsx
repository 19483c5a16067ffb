import { css } from '@emotion/react';
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import {
  closePopup,
  deleteReminder,
  formReminders,
  popups,
  type Popup,
  type Reminder,
} from '../../core/api/shell';
import { $session } from '../../core/session';
import { readStoredJson, writeStored } from '../../core/storage';
import { cssLength } from './css-length';
import { Dialog } from '../../ui/Dialog';
import { useT } from '../../ui/i18n';
import { useNavigate } from '../../ui/navigate';
import { phoneWidth, vars } from '../../ui/theme';
import { useAsync } from '../../ui/useAsync';

const panel = css`
  position: fixed;
  right: 20px;
  bottom: 20px;
  width: min(320px, calc(100vw - 40px));
  /* Under every modal layer (dialogs, the tour, the greeting), over the page. */
  z-index: 10;
  background: ${vars.surface};
  border: 1px solid ${vars.border};
  border-radius: 10px;
  box-shadow: 0 10px 30px rgba(0, 0, 0, 0.15);
  overflow: hidden;
  header {
    display: flex;
    align-items: center;
    gap: 8px;
    padding: 10px 12px;
    background: ${vars.primary};
    color: #fff;
  }
  header strong {
    flex: 1;
  }
  header button {
    border: 0;
    background: rgba(255, 255, 255, 0.15);
    color: #fff;
    border-radius: 4px;
    cursor: pointer;
    font: inherit;
    font-size: 12px;
    padding: 2px 8px;
  }
  ul {
    list-style: none;
    margin: 0;
    padding: 4px 0;
    height: 232px;
    overflow: auto;
  }
  li {
    display: flex;
    align-items: flex-start;
    gap: 6px;
    padding: 8px 12px;
    border-bottom: 1px solid ${vars.surfaceMuted};
  }
  li .open {
    flex: 1;
    border: 0;
    background: none;
    text-align: left;
    font: inherit;
    cursor: pointer;
    padding: 0;
  }
  li .open:hover strong {
    color: ${vars.primary};
  }
  li small {
    display: block;
    color: ${vars.textMuted};
  }
  li .dismiss {
    border: 0;
    background: none;
    color: ${vars.textMuted};
    cursor: pointer;
    font-size: 16px;
  }
`;

/** A new window that reloads the page when it closes (the spec's `new` pop-up type). */
function openAndReloadOnClose(url: string): void {
  const opened = globalThis.open(url, '_blank');
  if (!opened) return;
  const timer = setInterval(() => {
    if (opened.closed) {
      clearInterval(timer);
      globalThis.location.reload();
    }
  }, 500);
}

/** Where the tips the panel showed when it was closed are kept, per account. */
const closedKey = (account: string) => `popupTipsClosed:${account}`;

/** A phone's screen is too small to give the list up front: there it opens folded. */
const phone = () => globalThis.matchMedia?.(`(max-width: ${phoneWidth}px)`).matches ?? false;

/**
 * The reminders panel, over the page's bottom right corner. `onRoom` hears how much of the
 * page's end it covers (0 once it is gone), so the page can leave that much room below its
 * last column: nothing stays under the panel once scrolled to the end.
 */
export function PopupTips({ onRoom }: { onRoom?: (pixels: number) => void }) {
  const t = useT();
  const navigate = useNavigate();
  const tips = useAsync(popups, []);
  const reminders = useAsync(formReminders, []);
  const [collapsed, setCollapsed] = useState(phone);
  const aside = useRef<HTMLElement | null>(null);
  const account = useStore($session)?.account ?? '';
  const [closed, setClosed] = useState(false);
  const [dismissed, setDismissed] = useState<Set<string>>(new Set());
  const [dialog, setDialog] = useState<Popup | null>(null);

  const visiblePopups = (tips.data?.rows ?? []).filter((popup) => !dismissed.has(popup.id));
  const visibleReminders = (reminders.data ?? []).filter((reminder) => !dismissed.has(reminder.id));
  const count = visiblePopups.length + visibleReminders.length;
  // Closed, the panel stays closed (across reloads) until a tip arrives that it has not shown.
  const shownIds = [
    ...visiblePopups.map((popup) => `popup:${popup.id}`),
    ...visibleReminders.map((reminder) => `reminder:${reminder.id}`),
  ];
  const closedOn = readStoredJson<string[]>('local', closedKey(account)) ?? [];
  const nothingNew = shownIds.every((id) => closedOn.includes(id));
  const close = () => {
    writeStored('local', closedKey(account), JSON.stringify(shownIds));
    setClosed(true);
  };

  const dismiss = (id: string) => setDismissed((current) => new Set(current).add(id));
  const openPopup = (popup: Popup) => {
    if (popup.popupType === 'dialog') setDialog(popup);
    else if (popup.popupType === 'new') openAndReloadOnClose(popup.url);
    else navigate(popup.url);
  };
  const shown = !closed && !nothingNew && count > 0;
  useEffect(() => {
    const element = aside.current;
    if (!shown || !element || !onRoom) return;
    const observer = new ResizeObserver(() => {
      const box = element.getBoundingClientRect();
      onRoom(innerHeight - box.top);
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      onRoom(0);
    };
  }, [shown, onRoom]);
  const openReminder = (reminder: Reminder) =>
    navigate(
      `/statement/template/form/${reminder.opemType}/get/true?id=${encodeURIComponent(reminder.opemId)}&startFlow=false`,
    );

  return (
    <>
      {shown && (
        <aside
          ref={aside}
          css={panel}
          part="tips"
          aria-label={t('shell:home.popupTitle')}
          data-tips={count}
        >
          <header>
            <strong>{t('shell:home.popupTitle')}</strong>
            <span data-field="tip-count">{t('shell:home.popupCount', { count })}</span>
            <button
              type="button"
              onClick={() => setCollapsed((value) => !value)}
              aria-expanded={!collapsed}
              data-action="collapse"
            >
              {collapsed ? t('shell:home.expand') : t('shell:home.collapse')}
            </button>
            <button
              type="button"
              onClick={close}
              aria-label={t('shell:home.close')}
              data-action="close-tips"
            >
              ×
            </button>
          </header>
          {!collapsed && (
            <ul>
              {visiblePopups.map((popup) => (
                <li key={popup.id} data-popup-type={popup.popupType}>
                  <button type="button" className="open" onClick={() => openPopup(popup)}>
                    <strong>{popup.subject}</strong>
                    <small>{popup.desc}</small>
                  </button>
                  <button
                    type="button"
                    className="dismiss"
                    aria-label={t('shell:home.close')}
                    onClick={() => {
                      dismiss(popup.id);
                      void closePopup(popup.id);
                    }}
                  >
                    ×
                  </button>
                </li>
              ))}
              {visibleReminders.map((reminder) => (
                <li key={reminder.id} data-reminder={reminder.id}>
                  <button type="button" className="open" onClick={() => openReminder(reminder)}>
                    <strong>
                      {t('shell:home.reminders')}
                      {t('common:colon')}
                      {reminder.subject}
                    </strong>
                    <small>{reminder.content}</small>
                  </button>
                  <button
                    type="button"
                    className="dismiss"
                    aria-label={t('shell:home.close')}
                    onClick={async () => {
                      await deleteReminder(reminder.id);
                      dismiss(reminder.id);
                    }}
                  >
                    ×
                  </button>
                </li>
              ))}
            </ul>
          )}
        </aside>
      )}
      {dialog && (
        <Dialog
          open
          title={dialog.subject}
          onClose={() => setDialog(null)}
          width={cssLength(dialog.dialogWidth, '800px')}
        >
          <iframe
            src={dialog.url}
            title={dialog.subject}
            style={{ width: '100%', height: cssLength(dialog.dialogHeight, '500px'), border: 0 }}
            data-popup-frame
          />
        </Dialog>
      )}
    </>
  );
}
