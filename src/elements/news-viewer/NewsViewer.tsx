import { absoluteUrl } from '../../core/api/portal';
import { Alert } from '../../ui/Alert';
import { useT } from '../../ui/i18n';
import { NewsItemView } from '../../ui/news/NewsItemView';
import { vars } from '../../ui/theme';
import { EmbeddedFile } from './EmbeddedFile';

export interface NewsViewerProps {
  newsId?: string;
  src?: string;
  fileId?: string;
  height?: number;
}

/** Only pages of the web can be embedded: never javascript:, data: or blob: addresses. */
export function embeddableUrl(src: string): string | null {
  try {
    const url = new URL(absoluteUrl(src.trim()));
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null;
  } catch {
    return null;
  }
}

export function NewsViewer({ newsId, src, fileId, height }: NewsViewerProps) {
  const t = useT();
  const frameHeight = height && height > 0 ? `${height}px` : '80vh';
  if (newsId?.trim()) return <NewsItemView id={newsId.trim()} />;
  if (src?.trim()) {
    const url = embeddableUrl(src);
    if (!url) return <Alert>{t('shell-elements:viewer.badSrc')}</Alert>;
    return (
      <iframe
        src={url}
        title={url}
        part="frame"
        data-field="frame"
        css={{
          display: 'block',
          width: '100%',
          height: frameHeight,
          border: `1px solid ${vars.border}`,
          borderRadius: vars.radius,
        }}
      />
    );
  }
  if (fileId?.trim()) return <EmbeddedFile id={fileId.trim()} height={frameHeight} />;
  return <Alert tone="info">{t('shell-elements:viewer.nothing')}</Alert>;
}
