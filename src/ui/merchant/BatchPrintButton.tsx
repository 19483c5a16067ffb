import { useState } from 'react';
import type { QueryDescriptor } from '../../core/api/finance';
import { previewBatch, type BatchPreview } from '../../core/api/print';
import { notify } from '../../core/notices';
import type { BatchPrintKind } from '../../core/print-keys';
import { Button } from '../Button';
import { Dialog } from '../Dialog';
import { useT } from '../i18n';
import { openBatchPrint } from '../finance/print-links';

/**
 * 批量打印 with its financial effect said first (issue 13 item 5): opening a batch confirms
 * every unconfirmed notice in it, so the user sees how many before, may cancel, and is told
 * after. The window opens from the dialog's button, inside that click, so no pop-up blocker
 * stops it.
 */
export function BatchPrintButton({
  kind,
  descriptor,
  disabled,
  label,
}: {
  kind: BatchPrintKind;
  descriptor: QueryDescriptor;
  disabled: boolean;
  label: string;
}) {
  const t = useT();
  const [asking, setAsking] = useState(false);
  const [preview, setPreview] = useState<BatchPreview | null>(null);

  const ask = async () => {
    setAsking(true);
    try {
      setPreview(await previewBatch(kind, descriptor));
    } catch {
      // The request layer has told the user why.
    } finally {
      setAsking(false);
    }
  };
  const open = () => {
    const counts = preview!;
    setPreview(null);
    if (!openBatchPrint(kind, descriptor)) return notify('warning', t('finance:popupBlocked'));
    notify(
      'success',
      counts.toConfirm > 0
        ? t('finance:batchPrint.opened', { documents: counts.documents, count: counts.toConfirm })
        : t('finance:batchPrint.openedNone', { documents: counts.documents }),
    );
  };

  return (
    <>
      <Button
        disabled={disabled}
        busy={asking}
        data-action="batch-print"
        onClick={() => void ask()}
      >
        {label}
      </Button>
      <Dialog
        open={preview !== null}
        title={label}
        width="420px"
        onClose={() => setPreview(null)}
        footer={
          <>
            <Button onClick={() => setPreview(null)} data-action="cancel-batch-print">
              {t('common:actions.cancel')}
            </Button>
            <Button variant="primary" onClick={open} data-action="open-batch-print">
              {t('finance:batchPrint.open')}
            </Button>
          </>
        }
      >
        <p
          data-field="batch-preview"
          data-documents={preview?.documents}
          data-to-confirm={preview?.toConfirm}
          data-staff-views={preview?.staffViews}
        >
          {preview && preview.toConfirm > 0
            ? t('finance:batchPrint.willConfirm', {
                documents: preview.documents,
                count: preview.toConfirm,
              })
            : // Staff confirm nothing for the merchants: they are told so (issue 36).
              t(
                preview?.staffViews
                  ? 'finance:batchPrint.staffViews'
                  : 'finance:batchPrint.nothingToConfirm',
                { documents: preview?.documents ?? 0 },
              )}
        </p>
      </Dialog>
    </>
  );
}
