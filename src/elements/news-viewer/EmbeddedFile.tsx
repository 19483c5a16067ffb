import { useEffect } from 'react';
import { documentPreviewUrl, fileMeta, previewConfig, previewKindOf } from '../../core/api/files';
import { downloadFile } from '../../core/api/portal';
import { notify } from '../../core/notices';
import { Alert } from '../../ui/Alert';
import { FileView, type InlineKind } from '../../ui/attachments/FileView';
import { Button } from '../../ui/Button';
import { useT } from '../../ui/i18n';
import { Loading } from '../../ui/Status';
import { vars } from '../../ui/theme';
import { useAsync } from '../../ui/useAsync';

/** What the page shows for a file: in place, in the preview service, or a download. */
async function plan(id: string) {
  const meta = await fileMeta(id);
  const file = { id, name: meta.name || id };
  const browser = previewKindOf(meta.type, false);
  if (browser !== 'download') return { file, kind: browser as InlineKind };
  const config = await previewConfig();
  if (previewKindOf(meta.type, config.enabled) === 'document') {
    try {
      return { file, kind: 'document' as const, url: await documentPreviewUrl(config, id) };
    } catch {
      // The service is down: fall back to the download, as for any other type.
    }
  }
  return { file, kind: 'download' as const };
}

export function EmbeddedFile({ id, height }: { id: string; height: string }) {
  const t = useT();
  const planned = useAsync(() => plan(id), [id]);
  const data = planned.data;
  const download = data?.kind === 'download';
  useEffect(() => {
    if (!download || !data) return;
    notify('info', t('shell-elements:preview.unsupported'));
    void downloadFile(data.file).catch(() => undefined);
    // Once per file shown, not again when the language changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [download, data]);

  if (planned.loading && !data) return <Loading />;
  if (!data) {
    return <Alert>{planned.error?.message || t('shell-elements:preview.loadFailed')}</Alert>;
  }
  if (data.kind === 'download') {
    return (
      <div part="file" data-preview="download">
        <Alert tone="info">{t('shell-elements:viewer.downloading')}</Alert>
        <Button
          onClick={() => void downloadFile(data.file).catch(() => undefined)}
          data-action="download"
        >
          {t('shell-elements:viewer.download')} {data.file.name}
        </Button>
      </div>
    );
  }
  if (data.kind === 'document') {
    return (
      <iframe
        src={data.url}
        title={data.file.name}
        part="file"
        data-preview="document"
        css={{ width: '100%', height, border: `1px solid ${vars.border}` }}
      />
    );
  }
  return (
    <div part="file" css={{ minHeight: 120 }}>
      <FileView file={data.file} kind={data.kind} />
    </div>
  );
}
