import { css } from '@emotion/react';
import { useEffect } from 'react';
import { printChannel, type Opened, type OpenedMessage, type Row } from '../../core/api/print';
import { Alert } from '../../ui/Alert';
import { useT, type Translate } from '../../ui/i18n';

const note = css`
  padding: 8px 16px 0;
  background: #e9ebee;
  @media print {
    display: none;
  }
`;

/** What this open did, in the reader's words; null when there is nothing to say. */
function saying(opened: Opened, kind: string, rows: Row[], t: Translate): string | null {
  const dunning = kind.startsWith('shcjftzd');
  const batch = kind.endsWith('_all');
  const [first] = rows;
  if (opened.as === 'staff') {
    if (batch) return t('print:opened.staffBatch', { count: opened.staffViews });
    if (dunning) return t('print:opened.staffDunning');
    const state = first?.CONFIRM_DATE
      ? `${t('print:common.confirmed')} ${String(first.CONFIRM_DATE)}`
      : t('print:opened.unconfirmed');
    return t('print:opened.staff', { state });
  }
  if (batch) {
    if (opened.staffViews > 0) return t('print:opened.staffBatch', { count: opened.staffViews });
    return opened.acknowledged > 0 && !dunning
      ? t('print:opened.confirmedBatch', { count: opened.acknowledged })
      : null;
  }
  if (dunning) {
    return opened.acknowledged > 0 ? t('print:opened.viewed', { time: first?.F_CYSJ ?? '' }) : null;
  }
  const time = String(first?.CONFIRM_DATE ?? '');
  return t(opened.acknowledged > 0 ? 'print:opened.confirmed' : 'print:opened.alreadyConfirmed', {
    time,
  });
}

/**
 * After a notice opens, the reader is told what the open did (issue 36, part 4): their
 * confirmation and its time, or, for staff, that only their view was recorded. The lists of
 * this origin hear it too (a BroadcastChannel), so they update their rows and say so.
 */
export function OpenedNote({
  opened,
  kind,
  rows,
}: {
  opened: Opened | undefined;
  kind: string;
  rows: Row[];
}) {
  const t = useT();
  useEffect(() => {
    if (!opened || typeof BroadcastChannel === 'undefined') return;
    const channel = new BroadcastChannel(printChannel);
    const message: OpenedMessage = { type: 'opened', kind, opened };
    channel.postMessage(message);
    channel.close();
  }, [opened, kind]);
  const text = opened ? saying(opened, kind, rows, t) : null;
  if (!text) return null;
  return (
    <div css={note} data-opened={opened?.as} data-acknowledged={opened?.acknowledged}>
      <Alert tone={opened?.as === 'staff' ? 'info' : 'success'}>{text}</Alert>
    </div>
  );
}
