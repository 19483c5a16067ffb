import { extensionOf, kilobytes, type AttachmentInfo } from '../../core/api/files';
import type { Attachment } from '../../core/api/portal';
import { Button } from '../../ui/Button';
import { useT } from '../../ui/i18n';
import { bar, table } from './styles';
import type { UploadItem } from './useUploads';

export interface FileTableProps {
  files: Attachment[];
  infos: Map<string, AttachmentInfo>;
  uploads: UploadItem[];
  selectable: boolean;
  selected: Set<string>;
  onSelect: (ids: Set<string>) => void;
  onPreview: (file: Attachment) => void;
  onDownload: (file: Attachment) => void;
  opening: string | null;
}

/** Name, size in KB, type, uploader and actions; uploads in progress show their bar. */
export function FileTable({
  files,
  infos,
  uploads,
  selectable,
  selected,
  onSelect,
  onPreview,
  onDownload,
  opening,
}: FileTableProps) {
  const t = useT();
  const allSelected = files.length > 0 && files.every((file) => selected.has(file.id));
  const toggle = (id: string) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    onSelect(next);
  };
  const columns = selectable ? 6 : 5;
  return (
    <table css={table} part="list">
      <thead>
        <tr>
          {selectable && (
            <th className="check">
              <input
                type="checkbox"
                aria-label={t('shell-elements:attachments.selectAll')}
                checked={allSelected}
                disabled={files.length === 0}
                onChange={() =>
                  onSelect(allSelected ? new Set() : new Set(files.map((file) => file.id)))
                }
                data-action="select-all"
              />
            </th>
          )}
          <th>{t('shell-elements:attachments.name')}</th>
          <th className="num">{t('shell-elements:attachments.size')}</th>
          <th>{t('shell-elements:attachments.type')}</th>
          <th>{t('shell-elements:attachments.uploader')}</th>
          <th>{t('shell-elements:attachments.actions')}</th>
        </tr>
      </thead>
      <tbody>
        {files.map((file) => {
          const info = infos.get(file.id);
          const size = info
            ? info.size.toFixed(2)
            : file.size !== undefined
              ? kilobytes(file.size)
              : '';
          return (
            <tr key={file.id} data-file-id={file.id} data-name={file.name}>
              {selectable && (
                <td className="check">
                  <input
                    type="checkbox"
                    aria-label={t('shell-elements:attachments.select', { name: file.name })}
                    checked={selected.has(file.id)}
                    onChange={() => toggle(file.id)}
                  />
                </td>
              )}
              <td className="name" data-column="name">
                <button type="button" onClick={() => onPreview(file)}>
                  {file.name}
                </button>
              </td>
              <td className="num" data-column="size">
                {size && `${size} KB`}
              </td>
              <td data-column="type">{info?.type || extensionOf(file.name)}</td>
              <td data-column="uploader">{info?.username ?? ''}</td>
              <td className="actions">
                <Button
                  variant="text"
                  onClick={() => onPreview(file)}
                  busy={opening === file.id}
                  data-action="preview"
                >
                  {t('common:actions.preview')}
                </Button>
                <Button variant="text" onClick={() => onDownload(file)} data-action="download">
                  {t('common:actions.download')}
                </Button>
              </td>
            </tr>
          );
        })}
        {uploads.map((item) => (
          <tr key={`upload-${item.key}`} data-uploading={item.name}>
            {selectable && <td className="check" />}
            <td className="name">{item.name}</td>
            <td colSpan={3}>
              <div
                css={bar}
                role="progressbar"
                aria-label={`${t('shell-elements:attachments.uploading')} ${item.name}`}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={Math.round(item.progress * 100)}
                part="progress"
              >
                <span style={{ width: `${Math.round(item.progress * 100)}%` }} />
              </div>
            </td>
            <td className="num">{Math.round(item.progress * 100)}%</td>
          </tr>
        ))}
        {files.length === 0 && uploads.length === 0 && (
          <tr>
            <td className="empty" colSpan={columns} data-state="empty">
              {t('shell-elements:attachments.empty')}
            </td>
          </tr>
        )}
      </tbody>
    </table>
  );
}
