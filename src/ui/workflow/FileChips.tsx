import { css } from '@emotion/react';
import type { OpinionFile } from '../../core/api/workflow';
import { usePreview } from '../attachments/usePreview';
import { vars } from '../theme';

const chips = css`
  display: flex;
  flex-wrap: wrap;
  gap: 6px;
  margin-top: 6px;
  li {
    display: inline-flex;
    align-items: center;
    gap: 6px;
    padding: 2px 8px;
    border: 1px solid ${vars.border};
    border-radius: 12px;
    font-size: 12px;
    background: ${vars.surfaceMuted};
  }
  button {
    border: 0;
    background: none;
    padding: 0;
    font: inherit;
    cursor: pointer;
    color: ${vars.primary};
  }
  .remove {
    color: ${vars.textMuted};
  }
`;

/**
 * Opinion files: each opens in the preview dialog; removable while the opinion is written.
 * The remove button's label comes from the caller, in the texts its element loads.
 */
export function FileChips({
  files,
  onRemove,
  removeLabel = '×',
}: {
  files: readonly OpinionFile[];
  onRemove?: (file: OpinionFile) => void;
  removeLabel?: string;
}) {
  const preview = usePreview();
  if (!files.length) return null;
  return (
    <>
      <ul
        css={[chips, { listStyle: 'none', padding: 0, margin: '6px 0 0' }]}
        data-files={files.length}
      >
        {files.map((file) => (
          <li key={file.id} data-file={file.id}>
            <button
              type="button"
              onClick={() => void preview.open(file)}
              disabled={preview.opening === file.id}
            >
              {file.name}
            </button>
            {onRemove && (
              <button
                type="button"
                className="remove"
                aria-label={`${removeLabel} ${file.name}`}
                onClick={() => onRemove(file)}
              >
                ×
              </button>
            )}
          </li>
        ))}
      </ul>
      {preview.dialog}
    </>
  );
}
