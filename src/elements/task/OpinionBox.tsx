import { css } from '@emotion/react';
import { useRef, useState } from 'react';
import { uploadFile } from '../../core/api/files';
import { approvalTime, phrasesFor, type OpinionFile } from '../../core/api/workflow';
import { ApiError } from '../../core/http';
import { notify } from '../../core/notices';
import { Button } from '../../ui/Button';
import { controlStyle } from '../../ui/Field';
import { useLanguage, useT } from '../../ui/i18n';
import { vars } from '../../ui/theme';
import { useAsync } from '../../ui/useAsync';
import { FileChips } from '../../ui/workflow/FileChips';
import { panelStyle } from '../../ui/workflow/styles';

const row = css`
  display: flex;
  gap: 8px;
  align-items: center;
  margin-top: 8px;
  select {
    width: auto;
    min-width: 220px;
    height: 34px;
  }
`;

const area = css`
  height: auto;
  min-height: 90px;
  padding: 8px 12px;
  resize: vertical;
`;

/**
 * The opinion being written: the text (with the flow's approval phrases one click away)
 * and its files, uploaded to the file service and sent with the action as JSON text.
 */
export function OpinionBox({
  defKey,
  opinion,
  files,
  error,
  onOpinion,
  onFiles,
}: {
  defKey: string;
  opinion: string;
  files: OpinionFile[];
  error?: string | undefined;
  onOpinion: (text: string) => void;
  onFiles: (files: OpinionFile[]) => void;
}) {
  const t = useT();
  const language = useLanguage();
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const phrases = useAsync(() => phrasesFor(defKey), [defKey, language]);
  const signedAt = useAsync(() => approvalTime(), []);

  const upload = async (chosen: FileList | null) => {
    if (!chosen?.length) return;
    setUploading(true);
    const added: OpinionFile[] = [];
    try {
      for (const file of chosen) {
        const result = await uploadFile(file);
        added.push({ id: result.fileId, name: result.fileName, size: result.size });
      }
    } catch (failure) {
      notify(
        'error',
        failure instanceof ApiError && failure.message
          ? failure.message
          : t('common:errors.failed'),
      );
    } finally {
      setUploading(false);
      onFiles([...files, ...added]);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <section css={panelStyle} part="opinion">
      <div css={{ display: 'flex', alignItems: 'baseline', gap: 12, marginBottom: 6 }}>
        <label htmlFor="atrium-opinion" css={{ fontWeight: 600 }}>
          {t('workflow:task.opinion')}
        </label>
        {signedAt.data && (
          <span css={{ color: vars.textMuted, fontSize: 12 }} data-approval-time>
            {t('workflow:task.approvalTime', { time: signedAt.data })}
          </span>
        )}
      </div>
      <textarea
        id="atrium-opinion"
        name="opinion"
        css={[controlStyle, area]}
        value={opinion}
        placeholder={t('workflow:task.opinionPlaceholder')}
        aria-invalid={error ? true : undefined}
        onChange={(event) => onOpinion(event.target.value)}
      />
      {error && (
        <div role="alert" css={{ color: vars.danger, fontSize: 12, marginTop: 4 }} data-error>
          {error}
        </div>
      )}
      <div css={row}>
        <select
          css={controlStyle}
          name="phrase"
          aria-label={t('workflow:task.phrases')}
          value=""
          onChange={(event) => {
            const phrase = event.target.value;
            if (phrase) onOpinion(opinion.trim() ? `${opinion}${phrase}` : phrase);
          }}
        >
          <option value="">{t('workflow:task.pickPhrase')}</option>
          {phrases.data?.map((phrase) => (
            <option key={phrase} value={phrase}>
              {phrase}
            </option>
          ))}
        </select>
        <Button onClick={() => input.current?.click()} busy={uploading} data-action="upload">
          {t('workflow:task.upload')}
        </Button>
        <input
          ref={input}
          type="file"
          multiple
          hidden
          name="files"
          onChange={(event) => void upload(event.target.files)}
        />
      </div>
      <FileChips
        files={files}
        onRemove={(file) => onFiles(files.filter((item) => item.id !== file.id))}
        removeLabel={t('workflow:task.removeFile')}
      />
    </section>
  );
}
