import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useMemo, useRef, useState, type ChangeEvent } from 'react';
import {
  defaultUploadLimit,
  deleteFiles,
  fileInfos,
  isAccepted,
  parseAccept,
  uploadLimit,
  type AttachmentInfo,
  type UploadResult,
} from '../../core/api/files';
import { downloadFile, parseAttachments, type Attachment } from '../../core/api/portal';
import { ApiError } from '../../core/http';
import { $session } from '../../core/session';
import { Alert } from '../../ui/Alert';
import { usePreview } from '../../ui/attachments/usePreview';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { useEmit, useHost } from '../../ui/element/context';
import { useT } from '../../ui/i18n';
import { FileTable } from './FileTable';
import { toolbar } from './styles';
import { useUploads } from './useUploads';

export interface AttachmentsProps {
  accept?: string;
  multiple?: boolean;
  limit?: number;
  readonly?: boolean;
  value?: unknown;
}

/** The value as pages give it: the list, or the JSON text forms store. */
function toList(value: unknown): Attachment[] {
  if (typeof value === 'string') return parseAttachments(value);
  if (!Array.isArray(value)) return [];
  return value.filter(
    (item): item is Attachment =>
      typeof item?.id === 'string' && item.id !== '' && typeof item.name === 'string',
  );
}

type Message = { tone: 'error' | 'success'; text: string } | null;

export function Attachments({
  accept,
  multiple = false,
  limit,
  readonly = false,
  value,
}: AttachmentsProps) {
  const t = useT();
  const emit = useEmit();
  const host = useHost() as HTMLElement & { value?: unknown };
  const session = useStore($session);
  const files = useMemo(() => toList(value), [value]);
  const accepted = useMemo(() => parseAccept(accept), [accept]);
  const max = uploadLimit(limit, multiple);
  const [infos, setInfos] = useState<Map<string, AttachmentInfo>>(new Map());
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [message, setMessage] = useState<Message>(null);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const picker = useRef<HTMLInputElement>(null);
  const preview = usePreview();
  const formats = accepted.join(t('shell-elements:attachments.separator'));

  // The list is the host's `value`: the control writes it back, so `el.value` is current.
  const commit = useCallback(
    (next: Attachment[]) => {
      host.value = next;
      emit('atrium-change', { value: next });
    },
    [host, emit],
  );

  // Uploader and exact size come from the server (the value only has id, name, size).
  const ids = files.map((file) => file.id).join(',');
  useEffect(() => {
    const missing = ids.split(',').filter((id) => id && !infos.has(id));
    if (!session || missing.length === 0) return;
    let current = true;
    fileInfos(missing)
      .then((found) => {
        if (!current) return;
        setInfos((known) => new Map([...known, ...found.map((info) => [info.id, info] as const)]));
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
    // infos is read to skip known ids; re-running when it fills would ask again for nothing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ids, session]);

  const uploaded = useCallback(
    (result: UploadResult) => {
      const file = { id: result.fileId, name: result.fileName, size: result.size };
      setInfos((known) =>
        new Map(known).set(file.id, {
          id: file.id,
          name: file.name,
          size: Math.round((file.size / 1024) * 100) / 100,
          bytes: file.size,
          type: '',
          username: result.username,
          createTime: '',
          // A new upload has none yet.
          extraProp: '',
        }),
      );
      commit([...toList(host.value), file]);
    },
    [commit, host],
  );
  const failed = useCallback(
    (name: string, text: string) =>
      setMessage({
        tone: 'error',
        text: t('shell-elements:attachments.failed', { name, message: text }),
      }),
    [t],
  );
  const uploads = useUploads(uploaded, failed);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = [...(event.target.files ?? [])];
    event.target.value = '';
    if (chosen.length === 0) return;
    setMessage(null);
    if (!session) {
      setMessage({ tone: 'error', text: t('shell-elements:attachments.signInFirst') });
      return;
    }
    if (files.length + uploads.items.length + chosen.length > max) {
      setMessage({ tone: 'error', text: t('shell-elements:attachments.limit', { limit: max }) });
      return;
    }
    const refused = chosen.filter((file) => !isAccepted(file.name, accepted));
    if (refused.length > 0) {
      setMessage({ tone: 'error', text: t('shell-elements:attachments.format', { formats }) });
    }
    const allowed = chosen.filter((file) => isAccepted(file.name, accepted));
    if (allowed.length > 0) {
      void uploads.upload(allowed, accepted, t('shell-elements:attachments.uploadFailed'));
    }
  };

  const askDelete = () => {
    setMessage(null);
    const chosen = files.filter((file) => selected.has(file.id));
    if (chosen.length === 0) {
      setMessage({ tone: 'error', text: t('shell-elements:attachments.selectOne') });
      return;
    }
    setConfirming(true);
  };

  const remove = async () => {
    const ids = files.filter((file) => selected.has(file.id)).map((file) => file.id);
    setDeleting(true);
    try {
      const text = await deleteFiles(ids);
      commit(toList(host.value).filter((file) => !ids.includes(file.id)));
      setSelected(new Set());
      setMessage({ tone: 'success', text });
    } catch (error) {
      setMessage({
        tone: 'error',
        text: error instanceof ApiError ? error.message : t('common:errors.failed'),
      });
    } finally {
      setDeleting(false);
      setConfirming(false);
    }
  };

  const full = files.length + uploads.items.length >= max;
  return (
    <div data-count={files.length}>
      {!readonly && (
        <div css={toolbar} part="toolbar">
          <Button
            variant="primary"
            onClick={() => picker.current?.click()}
            disabled={full}
            data-action="upload"
          >
            {t('shell-elements:attachments.upload')}
          </Button>
          <Button onClick={askDelete} data-action="delete">
            {t('shell-elements:attachments.delete')}
          </Button>
          {formats && (
            <span className="hint">{t('shell-elements:attachments.hintFormats', { formats })}</span>
          )}
          {max < defaultUploadLimit && (
            <span className="hint">
              {t('shell-elements:attachments.hintLimit', { limit: max })}
            </span>
          )}
          <input
            ref={picker}
            type="file"
            hidden
            multiple={multiple && max > 1}
            accept={accepted.map((extension) => `.${extension}`).join(',') || undefined}
            onChange={choose}
          />
        </div>
      )}
      {message && (
        <Alert tone={message.tone}>
          <span data-message>{message.text}</span>
        </Alert>
      )}
      <FileTable
        files={files}
        infos={infos}
        uploads={uploads.items}
        selectable={!readonly}
        selected={selected}
        onSelect={setSelected}
        onPreview={(file) => void preview.open(file)}
        onDownload={(file) => void downloadFile(file).catch(() => undefined)}
        opening={preview.opening}
      />
      {preview.dialog}
      <Dialog
        open={confirming}
        title={t('shell-elements:attachments.confirmTitle')}
        onClose={() => setConfirming(false)}
        width="420px"
        footer={
          <>
            <Button onClick={() => setConfirming(false)} data-action="cancel">
              {t('common:actions.cancel')}
            </Button>
            <Button
              variant="primary"
              onClick={() => void remove()}
              busy={deleting}
              data-action="confirm"
            >
              {t('common:actions.ok')}
            </Button>
          </>
        }
      >
        {t('shell-elements:attachments.confirmDelete', {
          count: files.filter((file) => selected.has(file.id)).length,
        })}
      </Dialog>
    </div>
  );
}
