import '../../core/i18n/shell-elements';
import { useCallback, useState, type ReactNode } from 'react';
import {
  documentPreviewUrl,
  extensionOf,
  previewConfig,
  previewKindOf,
  type PreviewKind,
} from '../../core/api/files';
import { downloadFile, fileType } from '../../core/api/portal';
import { notify } from '../../core/notices';
import { Button } from '../Button';
import { Dialog } from '../Dialog';
import { useT } from '../i18n';
import { FileView, type InlineKind } from './FileView';

export interface FileRef {
  id: string;
  name: string;
}

/**
 * How a file is previewed, decided from the server's file-type lookup (the spec's FileType
 * call): the browser's own kinds, the document-preview service, or a download.
 */
export async function previewKind(file: FileRef): Promise<PreviewKind> {
  const extension = (await fileType(file.id)).type || extensionOf(file.name);
  const browser = previewKindOf(extension, false);
  if (browser !== 'download') return browser;
  const config = await previewConfig();
  return previewKindOf(extension, config.enabled);
}

/** The unsupported-type path of the spec: say so, then download. */
export async function downloadWithNotice(file: FileRef, text: string): Promise<void> {
  notify('info', text);
  await downloadFile(file);
}

/**
 * Opening files for preview: `open(file)` shows images, PDFs, text, audio and video in a
 * dialog (the PDF one 80 % wide, closed only by its icon or Escape), sends office files to
 * the document-preview service when there is one, and downloads everything else with the
 * spec's notice. Render `dialog` somewhere in the component.
 */
export function usePreview(): {
  open: (file: FileRef) => Promise<void>;
  opening: string | null;
  dialog: ReactNode;
} {
  const t = useT();
  const [current, setCurrent] = useState<{ file: FileRef; kind: InlineKind } | null>(null);
  const [opening, setOpening] = useState<string | null>(null);

  const open = useCallback(
    async (file: FileRef) => {
      setOpening(file.id);
      try {
        const kind = await previewKind(file);
        if (kind === 'download') {
          await downloadWithNotice(file, t('shell-elements:preview.unsupported'));
        } else if (kind === 'document') {
          await openInService(file, t);
        } else {
          setCurrent({ file, kind });
        }
      } catch {
        // The request layer has told the user what went wrong.
      } finally {
        setOpening(null);
      }
    },
    [t],
  );

  const dialog = (
    <Dialog
      open={current !== null}
      title={current?.file.name ?? t('shell-elements:preview.title')}
      onClose={() => setCurrent(null)}
      width={current?.kind === 'pdf' ? '80vw' : '760px'}
      closeOnBackdrop={current?.kind !== 'pdf'}
      footer={
        current && (
          <Button
            onClick={() => void downloadFile(current.file).catch(() => undefined)}
            data-action="preview-download"
          >
            {t('common:actions.download')}
          </Button>
        )
      }
    >
      {current && <FileView key={current.file.id} file={current.file} kind={current.kind} />}
    </Dialog>
  );
  return { open, opening, dialog };
}

async function openInService(file: FileRef, t: (key: string) => string): Promise<void> {
  let url: string;
  try {
    url = await documentPreviewUrl(await previewConfig(), file.id);
  } catch {
    await downloadWithNotice(file, t('shell-elements:preview.serviceFailed'));
    return;
  }
  const opened = globalThis.open?.(url, '_blank');
  if (opened) opened.opener = null;
  else notify('warning', t('shell-elements:preview.popupBlocked'));
}
