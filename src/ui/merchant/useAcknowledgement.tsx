import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { printChannel, type OpenedMessage } from '../../core/api/print';
import { notify } from '../../core/notices';
import { $session } from '../../core/session';
import { readStored, writeStored } from '../../core/storage';
import { Button } from '../Button';
import { Dialog } from '../Dialog';
import { useT } from '../i18n';

/** What a notice is, in the words the dialog and the toast use. */
export interface NoticeName {
  title: string;
  contract: string;
  month: string;
}

/** Once told, a merchant is not asked again in this browser (per account). */
const toldKey = (account: string) => `atrium.confirm.told.${account}`;

/**
 * Confirming a notice is never silent (issue 36, part 4). Opening a notice's print view is
 * the merchant's confirmation (the server decides who the merchant is and answers
 * `acknowledges` with the list): the first time, the merchant is told so and may cancel;
 * after the print view has opened, it tells this list (printChannel), which says what was
 * confirmed and asks for its rows again, so 未确认 turns into 已确认 without 查询. Staff are
 * told their view was recorded and nothing confirmed.
 */
export function useAcknowledgement({
  acknowledges,
  onChange,
}: {
  acknowledges: boolean;
  onChange: () => void;
}): {
  request: (confirmed: boolean, name: NoticeName, open: () => void) => void;
  dialog: ReactNode;
} {
  const t = useT();
  const account = useStore($session)?.account ?? '';
  const [asking, setAsking] = useState<{ name: NoticeName; open: () => void } | null>(null);
  const last = useRef<NoticeName | null>(null);
  const changed = useRef(onChange);
  changed.current = onChange;

  useEffect(() => {
    if (typeof BroadcastChannel === 'undefined') return;
    const channel = new BroadcastChannel(printChannel);
    channel.onmessage = (event: MessageEvent<OpenedMessage>) => {
      if (event.data?.type !== 'opened') return;
      const { opened, kind } = event.data;
      // A dunning notice is marked viewed, not confirmed: its print view says so itself.
      const confirms = !kind.startsWith('shcjftzd');
      if (opened.as === 'staff') notify('info', t('finance:confirm.staffViewed'));
      else if (confirms && opened.acknowledged > 0)
        notify(
          'success',
          opened.acknowledged === 1 && last.current
            ? t('finance:confirm.done', { ...last.current })
            : t('finance:confirm.doneCount', { count: opened.acknowledged }),
        );
      changed.current();
    };
    return () => channel.close();
  }, [t]);

  const request = (confirmed: boolean, name: NoticeName, open: () => void) => {
    last.current = name;
    if (acknowledges && !confirmed && !readStored('local', toldKey(account)))
      setAsking({ name, open });
    else open();
  };

  const dialog = (
    <Dialog
      open={asking !== null}
      title={t('finance:confirm.title')}
      width="440px"
      onClose={() => setAsking(null)}
      footer={
        <>
          <Button onClick={() => setAsking(null)} data-action="cancel-confirm">
            {t('common:actions.cancel')}
          </Button>
          <Button
            variant="primary"
            data-action="open-confirm"
            onClick={() => {
              // The window opens inside this click, so no pop-up blocker stops it.
              writeStored('local', toldKey(account), '1');
              asking?.open();
              setAsking(null);
            }}
          >
            {t('finance:confirm.open')}
          </Button>
        </>
      }
    >
      <p data-field="confirm-before">{asking && t('finance:confirm.before', { ...asking.name })}</p>
    </Dialog>
  );
  return { request, dialog };
}
