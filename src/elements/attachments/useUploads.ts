import { useCallback, useRef, useState } from 'react';
import { uploadFile, type UploadResult } from '../../core/api/files';
import { ApiError } from '../../core/http';

export interface UploadItem {
  key: number;
  name: string;
  /** 0..1 */
  progress: number;
}

/**
 * Uploads files one after another (the server takes one file per request), keeping each
 * one's progress for the bar. Each success is handed to `onUploaded` as it arrives, so a
 * failure later in the batch keeps the files already stored.
 */
export function useUploads(
  onUploaded: (result: UploadResult) => void,
  onFailed: (name: string, message: string) => void,
) {
  const [items, setItems] = useState<UploadItem[]>([]);
  const nextKey = useRef(1);

  const upload = useCallback(
    async (files: File[], accept: string[], fallbackMessage: string) => {
      const queued = files.map((file) => ({ key: nextKey.current++, name: file.name, file }));
      setItems((current) => [
        ...current,
        ...queued.map(({ key, name }) => ({ key, name, progress: 0 })),
      ]);
      for (const { key, name, file } of queued) {
        const setProgress = (progress: number) =>
          setItems((current) =>
            current.map((item) => (item.key === key ? { ...item, progress } : item)),
          );
        try {
          const result = await uploadFile(file, { accept, onProgress: setProgress });
          setProgress(1);
          onUploaded(result);
        } catch (error) {
          onFailed(
            name,
            error instanceof ApiError && error.message ? error.message : fallbackMessage,
          );
        } finally {
          setItems((current) => current.filter((item) => item.key !== key));
        }
      }
    },
    [onUploaded, onFailed],
  );

  return { items, upload };
}
