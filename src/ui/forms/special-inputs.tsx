import { useEffect, useRef, useState } from 'react';
import type { Person } from '../../core/api/directory';
import { fileInfos, uploadFile } from '../../core/api/files';
import { ApiError } from '../../core/http';
import { notify } from '../../core/notices';
import { Button } from '../Button';
import { FieldFrame } from '../Field';
import { useT } from '../i18n';
import { PeoplePicker } from '../people/PeoplePicker';
import { usePeople } from '../people/usePeople';
import { FileChips } from '../workflow/FileChips';

/** A person field: the stored value is the user id; the picker shows the name. */
export function UserInput({
  label,
  value,
  required,
  error,
  disabled,
  onChange,
}: {
  label: string;
  value: string;
  required: boolean;
  error: string | undefined;
  disabled: boolean;
  onChange: (id: string) => void;
}) {
  const named = usePeople(value);
  const [picked, setPicked] = useState<Person[]>([]);
  const people = (picked[0]?.id ?? '') === value ? picked : named;
  return (
    <PeoplePicker
      label={label}
      value={people}
      required={required}
      error={error}
      disabled={disabled}
      onChange={(chosen) => {
        setPicked(chosen);
        onChange(chosen[0]?.id ?? '');
      }}
    />
  );
}

/** An attachment field: uploaded files by id, shown (and previewed) by name. */
export function AttachmentInput({
  label,
  value,
  required,
  error,
  disabled,
  onChange,
}: {
  label: string;
  value: string[];
  required: boolean;
  error: string | undefined;
  disabled: boolean;
  onChange: (ids: string[]) => void;
}) {
  const t = useT();
  const input = useRef<HTMLInputElement>(null);
  const [names, setNames] = useState<Record<string, string>>({});
  const [progress, setProgress] = useState<number | null>(null);
  const missing = value.filter((id) => !names[id]);
  useEffect(() => {
    if (!missing.length) return;
    void fileInfos(missing).then((infos) =>
      setNames((known) => ({
        ...known,
        ...Object.fromEntries(infos.map((info) => [info.id, info.name])),
      })),
    );
  }, [missing.join(',')]); // eslint-disable-line react-hooks/exhaustive-deps -- ids, not the array
  const upload = async (file: File) => {
    setProgress(0);
    try {
      const result = await uploadFile(file, { onProgress: setProgress });
      setNames((known) => ({ ...known, [result.fileId]: result.fileName }));
      onChange([...value, result.fileId]);
    } catch (failure) {
      notify('error', failure instanceof ApiError ? failure.message : String(failure));
    } finally {
      setProgress(null);
    }
  };
  return (
    <FieldFrame label={label} error={error} required={required}>
      {({ inputId }) => (
        <div data-attachments={value.length}>
          {!disabled && (
            <>
              <input
                ref={input}
                id={inputId}
                type="file"
                hidden
                onChange={(event) => {
                  const file = event.target.files?.[0];
                  event.target.value = '';
                  if (file) void upload(file);
                }}
              />
              <Button onClick={() => input.current?.click()} disabled={progress !== null}>
                {progress === null
                  ? t('forms:form.upload')
                  : t('forms:form.uploading', { percent: Math.round(progress * 100) })}
              </Button>
            </>
          )}
          <FileChips
            files={value.map((id) => ({ id, name: names[id] ?? id }))}
            {...(disabled
              ? {}
              : {
                  onRemove: (file) => onChange(value.filter((id) => id !== file.id)),
                  removeLabel: t('forms:form.removeFile'),
                })}
          />
        </div>
      )}
    </FieldFrame>
  );
}
