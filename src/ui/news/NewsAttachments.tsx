import '../../core/i18n/shell-elements';
import { kilobytes } from '../../core/api/files';
import { downloadFile, type Attachment } from '../../core/api/portal';
import { usePreview } from '../attachments/usePreview';
import { Button } from '../Button';
import { useT } from '../i18n';
import { attachmentList } from './styles';

/** A news item's files: download, or preview as the attachment control does. */
export function NewsAttachments({ files }: { files: Attachment[] }) {
  const t = useT();
  const preview = usePreview();
  if (files.length === 0) return null;
  return (
    <>
      <h3>{t('shell-elements:news.attachments')}</h3>
      <ul css={attachmentList} data-list="attachments" part="attachments">
        {files.map((file) => (
          <li key={file.id} data-file-id={file.id}>
            <span className="name">
              <svg
                width="14"
                height="14"
                viewBox="0 0 24 24"
                aria-hidden
                css={{ verticalAlign: -2, marginRight: 6 }}
              >
                <path
                  d="M16.5 6.5 8.6 14.4a2 2 0 0 0 2.8 2.8l8-8a4 4 0 0 0-5.6-5.6l-8 8a6 6 0 0 0 8.5 8.5l7.2-7.3"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2"
                  strokeLinecap="round"
                />
              </svg>
              {file.name} {file.size !== undefined && <small>{kilobytes(file.size)} KB</small>}
            </span>
            <Button
              variant="text"
              onClick={() => void preview.open(file)}
              busy={preview.opening === file.id}
              data-action="preview"
            >
              {t('common:actions.preview')}
            </Button>
            <Button
              variant="text"
              onClick={() => void downloadFile(file).catch(() => undefined)}
              data-action="download"
            >
              {t('common:actions.download')}
            </Button>
          </li>
        ))}
      </ul>
      {preview.dialog}
    </>
  );
}
