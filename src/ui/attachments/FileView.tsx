import { css } from '@emotion/react';
import { useEffect, useMemo } from 'react';
import { decodeText, fileBlob, type PreviewKind } from '../../core/api/files';
import { Alert } from '../Alert';
import { useT } from '../i18n';
import { Loading } from '../Status';
import { vars } from '../theme';
import { useAsync } from '../useAsync';
import { MediaView } from './MediaView';
import { PdfView } from './PdfView';

/** The kinds a browser shows itself (see previewKindOf). */
export type InlineKind = Extract<PreviewKind, 'image' | 'pdf' | 'text' | 'audio' | 'video'>;

const textStyle = css`
  margin: 0;
  padding: 12px 16px;
  max-height: 65vh;
  overflow: auto;
  white-space: pre-wrap;
  word-break: break-word;
  background: ${vars.surfaceMuted};
  border-radius: ${vars.radius};
  font-family: ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace;
  font-size: 13px;
  line-height: 1.6;
`;

type Loaded =
  | { kind: 'pdf'; data: ArrayBuffer }
  | { kind: 'text'; text: string }
  | { kind: 'image'; url: string; width?: number; height?: number }
  | { kind: 'audio' | 'video'; url: string };

/**
 * An image's own size, read before it is drawn, so its box is the right shape at once (no
 * jump when it arrives); unknown where the browser cannot decode it ahead (it draws it then).
 */
async function naturalSize(blob: Blob): Promise<{ width?: number; height?: number }> {
  try {
    const bitmap = await createImageBitmap(blob);
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return size;
  } catch {
    return {};
  }
}

/** Fetched with the session's token: private files cannot be linked to directly. */
async function load(id: string, kind: InlineKind): Promise<Loaded> {
  const blob = await fileBlob(id);
  if (kind === 'pdf') return { kind, data: await blob.arrayBuffer() };
  if (kind === 'text') return { kind, text: decodeText(await blob.arrayBuffer()) };
  if (kind === 'image')
    return { kind, url: URL.createObjectURL(blob), ...(await naturalSize(blob)) };
  return { kind, url: URL.createObjectURL(blob) };
}

/** One file shown in place: an image, a PDF (pdf.js), text, audio or video. */
export function FileView({ file, kind }: { file: { id: string; name: string }; kind: InlineKind }) {
  const t = useT();
  const loaded = useAsync(() => load(file.id, kind), [file.id, kind]);
  const url = loaded.data && 'url' in loaded.data ? loaded.data.url : null;
  useEffect(() => () => void (url && URL.revokeObjectURL(url)), [url]);
  const content = useMemo(() => {
    const data = loaded.data;
    if (!data) return null;
    switch (data.kind) {
      case 'pdf':
        return <PdfView data={data.data} name={file.name} />;
      case 'text':
        return (
          <pre css={textStyle} data-preview="text">
            {data.text}
          </pre>
        );
      case 'image':
        return (
          <img
            src={data.url}
            alt={file.name}
            width={data.width}
            height={data.height}
            data-preview="image"
            css={{ maxWidth: '100%', height: 'auto', display: 'block', margin: '0 auto' }}
          />
        );
      default:
        return <MediaView url={data.url} kind={data.kind} name={file.name} />;
    }
  }, [loaded.data, file.name]);

  if (loaded.error) {
    return <Alert>{loaded.error.message || t('shell-elements:preview.loadFailed')}</Alert>;
  }
  if (loaded.loading && !loaded.data) return <Loading />;
  return content;
}
