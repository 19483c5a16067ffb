import { css } from '@emotion/react';
import { useEffect, useRef, useState } from 'react';
import {
  exportQuery,
  type ExportColumn,
  type ExportProgress,
  type QueryDescriptor,
} from '../../core/api/finance';
import { notify } from '../../core/notices';
import { Button } from '../Button';
import { useT } from '../i18n';
import { isExportable, type Column } from '../table/columns';
import { saveBlob } from '../table/save';
import { vars } from '../theme';

const progressStyle = css`
  display: inline-flex;
  align-items: center;
  gap: 8px;
  font-size: 13px;
  color: ${vars.textMuted};
  font-variant-numeric: tabular-nums;
  progress {
    width: 120px;
  }
`;

const megabytes = (bytes: number) => (bytes / 1_048_576).toFixed(1);

/**
 * Excel and CSV exports that the server writes: every row the filters select, in the order
 * on screen, with the columns on screen. Progress shows here while the file arrives.
 */
export function ExportButtons<Row>({
  descriptor,
  title,
  columns,
  disabled,
}: {
  descriptor: QueryDescriptor;
  title: string;
  columns: Column<Row>[];
  disabled: boolean;
}) {
  const t = useT();
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const start = async (format: 'xlsx' | 'csv') => {
    const current = new AbortController();
    controller.current = current;
    setProgress({ total: 0, rows: 0, bytes: 0 });
    const exported: ExportColumn[] = columns.filter(isExportable).map((column) => ({
      field: column.key,
      title: column.title,
      ...(column.kind ? { kind: column.kind } : {}),
      ...(column.codes ? { labels: column.codes } : {}),
    }));
    try {
      const file = await exportQuery(
        { descriptor, format, title, columns: exported },
        setProgress,
        current.signal,
      );
      saveBlob(file.blob, file.fileName);
      notify('success', t('common:table.exported', { count: file.total }));
    } catch {
      if (current.signal.aborted) notify('info', t('common:table.exportCancelled'));
      // Other failures were announced by the request layer.
    } finally {
      if (controller.current === current) controller.current = null;
      setProgress(null);
    }
  };

  if (progress) {
    const known = progress.rows !== null && progress.total > 0;
    return (
      <span css={progressStyle} data-export-progress="" role="status">
        {known ? <progress max={progress.total} value={progress.rows ?? 0} /> : <progress />}
        <span data-rows={progress.rows ?? ''} data-total={progress.total}>
          {known
            ? t('common:table.exportingRows', {
                rows: (progress.rows ?? 0).toLocaleString('en-US'),
                total: progress.total.toLocaleString('en-US'),
              })
            : t('common:table.exportingBytes', {
                total: progress.total.toLocaleString('en-US'),
                size: megabytes(progress.bytes),
              })}
        </span>
        <Button
          variant="text"
          onClick={() => controller.current?.abort()}
          data-action="cancel-export"
        >
          {t('common:actions.cancel')}
        </Button>
      </span>
    );
  }
  return (
    <>
      <Button onClick={() => void start('xlsx')} disabled={disabled} data-action="export-xlsx">
        {t('common:table.exportXlsx')}
      </Button>
      <Button onClick={() => void start('csv')} disabled={disabled} data-action="export-csv">
        {t('common:table.exportCsv')}
      </Button>
    </>
  );
}
