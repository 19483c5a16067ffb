import { css } from '@emotion/react';
import { controlStyle } from '../../ui/Field';
import { useT } from '../../ui/i18n';
import { phoneWidth, vars } from '../../ui/theme';

const style = css`
  position: relative;
  summary {
    box-sizing: border-box;
    display: flex;
    align-items: center;
    width: 150px;
    max-width: 100%;
    height: 30px;
    cursor: pointer;
    color: ${vars.text};
    overflow: hidden;
    white-space: nowrap;
  }
  summary span {
    flex: 1;
    overflow: hidden;
    text-overflow: ellipsis;
  }
  summary::after {
    content: '▾';
    margin-left: 6px;
    color: ${vars.textMuted};
  }
  summary::-webkit-details-marker {
    display: none;
  }
  .options {
    position: absolute;
    z-index: 2;
    min-width: 100%;
    max-height: 240px;
    overflow: auto;
    margin: 2px 0 0;
    padding: 4px 0;
    border: 1px solid ${vars.border};
    border-radius: ${vars.radius};
    background: ${vars.surface};
    box-shadow: 0 4px 12px rgb(0 0 0 / 12%);
  }
  .options label {
    flex-direction: row;
    align-items: center;
    gap: 6px;
    padding: 4px 10px;
    font-size: 13px;
    color: ${vars.text};
    white-space: nowrap;
    cursor: pointer;
  }
  .options input {
    width: auto;
    height: auto;
  }
  @media (max-width: ${phoneWidth}px) {
    summary {
      width: 100%;
    }
  }
`;

/**
 * The values of a text `IN` condition picked from a list (the server's choices among the
 * reader's rows) instead of typed as exact names; none picked is all.
 */
export function Choices({
  field,
  label,
  choices,
  picked,
  onChange,
}: {
  field: string;
  label: string;
  choices: string[];
  picked: string[];
  onChange: (picked: string[]) => void;
}) {
  const t = useT();
  const toggle = (choice: string, on: boolean) =>
    onChange(
      on
        ? choices.filter((c) => c === choice || picked.includes(c))
        : picked.filter((c) => c !== choice),
    );
  return (
    <div role="group" aria-label={label} className="label">
      {label}
      <details css={style} data-condition={field}>
        <summary css={controlStyle} title={picked.join('、')}>
          <span>{picked.length ? picked.join('、') : t('charts:all')}</span>
        </summary>
        <div className="options">
          {choices.map((choice) => (
            <label key={choice}>
              <input
                type="checkbox"
                checked={picked.includes(choice)}
                onChange={(event) => toggle(choice, event.target.checked)}
              />
              {choice}
            </label>
          ))}
        </div>
      </details>
    </div>
  );
}
