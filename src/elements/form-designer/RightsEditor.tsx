import { css } from '@emotion/react';
import { useId, useState } from 'react';
import {
  saveTemplateRights,
  templateRights,
  type TemplateRights,
} from '../../core/api/form-rights';
import { formRights, type FormAudience } from '../../core/forms/rights';
import { ApiError } from '../../core/http';
import { notify } from '../../core/notices';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { useLanguage, useT } from '../../ui/i18n';
import { Loading } from '../../ui/Status';
import { vars } from '../../ui/theme';
import { useAsync } from '../../ui/useAsync';

const panel = css`
  margin: 0 0 16px;
  border: 1px solid ${vars.border};
  border-radius: ${vars.radius};
  > summary {
    padding: 8px 12px;
    cursor: pointer;
    font-weight: 600;
  }
  > summary:focus-visible {
    outline: 2px solid ${vars.focus};
  }
  .body {
    padding: 0 12px 12px;
  }
  .hint {
    margin: 0 0 8px;
    font-size: 13px;
    color: ${vars.textMuted};
  }
  /* One column each for the right, the menu, roles and organisations; stacked on a phone. */
  .row {
    display: grid;
    grid-template-columns: 88px max-content minmax(0, 1fr) minmax(0, 1fr);
    align-items: center;
    gap: 6px 16px;
    padding: 8px 0;
    border-top: 1px solid ${vars.border};
  }
  @media (max-width: 640px) {
    .row {
      grid-template-columns: minmax(0, 1fr);
    }
    .spacer {
      display: none;
    }
  }
  .right {
    display: flex;
    flex-direction: column;
    font-weight: 600;
  }
  .menu {
    display: inline-flex;
    align-items: center;
    gap: 4px;
    font-size: 13px;
  }
  .picker {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 6px;
    min-width: 0;
  }
  .chips {
    display: flex;
    flex-wrap: wrap;
    gap: 6px;
    margin: 0;
    padding: 0;
    list-style: none;
    min-width: 0;
  }
  .chips li {
    display: inline-flex;
    align-items: center;
    max-width: 100%;
    padding: 1px 2px 1px 8px;
    border-radius: 12px;
    background: ${vars.surfaceMuted};
    border: 1px solid ${vars.border};
    font-size: 13px;
  }
  .chips li span {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  .chips button {
    border: 0;
    background: none;
    cursor: pointer;
    font-size: 15px;
    line-height: 1;
    padding: 2px 6px;
    color: ${vars.textMuted};
    border-radius: 50%;
  }
  .chips button:focus-visible,
  select:focus-visible {
    outline: 2px solid ${vars.focus};
  }
  select {
    height: 30px;
    min-width: 0;
    max-width: 100%;
    padding: 0 6px;
    border: 1px dashed ${vars.border};
    border-radius: ${vars.radius};
    background: ${vars.surface};
    color: ${vars.textMuted};
    font: inherit;
    font-size: 13px;
  }
  .nobody {
    font-size: 12px;
    font-weight: normal;
    color: ${vars.warning};
  }
`;

/**
 * Who may use a template's records (docs/forms.md, "Who may use a form"), on the
 * form-definition screen: its managers, and for read, add, edit and delete the menu, roles
 * and organisations. Closed until opened; the server checks and stores what is saved.
 */
export function RightsPanel({ templateKey, name }: { templateKey: string; name: string }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <details
      css={panel}
      data-form-rights={templateKey}
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary>
        {t('forms:designer.rights.title')} · {name}
      </summary>
      {open && <Rights templateKey={templateKey} />}
    </details>
  );
}

function Rights({ templateKey }: { templateKey: string }) {
  const language = useLanguage();
  const loaded = useAsync(() => templateRights(templateKey), [templateKey, language]);
  if (loaded.loading) return <Loading />;
  if (!loaded.data) return <Alert>{loaded.error?.message ?? ''}</Alert>;
  return <Editor key={templateKey} initial={loaded.data} />;
}

function Editor({ initial }: { initial: TemplateRights }) {
  const t = useT();
  const id = useId();
  const [managers, setManagers] = useState(initial.managers);
  const [rights, setRights] = useState(initial.rights);
  const [error, setError] = useState('');
  const save = async () => {
    setError('');
    try {
      notify('success', await saveTemplateRights(initial.templateKey, managers, rights));
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : String(failure));
    }
  };
  const label = (part: string) => t(`forms:designer.rights.${part}`);
  return (
    <div className="body">
      <p className="hint">{label('hint')}</p>
      {!initial.custom && <p className="hint">{label('defaults')}</p>}
      <div className="row" role="group" aria-labelledby={`${id}-managers`} data-right="managers">
        <span className="right" id={`${id}-managers`}>
          {label('managers')}
        </span>
        <span className="spacer" aria-hidden="true" />
        <Picker
          choices={initial.roles}
          chosen={managers}
          placeholder={label('addRole')}
          onChange={setManagers}
        />
      </div>
      {formRights.map((right) => {
        const audience = rights[right];
        const change = (part: Partial<FormAudience>) =>
          setRights({ ...rights, [right]: { ...audience, ...part } });
        return (
          <div
            key={right}
            className="row"
            role="group"
            aria-labelledby={`${id}-${right}`}
            data-right={right}
          >
            <span className="right" id={`${id}-${right}`}>
              {label(right)}
              {!audience.menu && !audience.roles?.length && !audience.orgs?.length && (
                <span className="nobody">{label('managersOnly')}</span>
              )}
            </span>
            <label className="menu">
              <input
                type="checkbox"
                checked={audience.menu === true}
                onChange={(event) => change({ menu: event.target.checked })}
              />
              {label('menu')}
            </label>
            <Picker
              choices={initial.roles}
              chosen={audience.roles ?? []}
              placeholder={label('addRole')}
              onChange={(roles) => change({ roles })}
            />
            <Picker
              choices={initial.orgs}
              chosen={audience.orgs ?? []}
              placeholder={label('addOrg')}
              onChange={(orgs) => change({ orgs })}
            />
          </div>
        );
      })}
      {error && <Alert>{error}</Alert>}
      <Button variant="primary" onClick={() => void save()} data-action="save-rights">
        {label('save')}
      </Button>
    </div>
  );
}

type Choice = { id: string; label: string };

/** The chosen roles or organisations as chips, and a select that adds one more. */
function Picker({
  choices,
  chosen,
  placeholder,
  onChange,
}: {
  choices: Choice[];
  chosen: string[];
  placeholder: string;
  onChange: (ids: string[]) => void;
}) {
  const t = useT();
  const labelOf = (id: string) => choices.find((choice) => choice.id === id)?.label ?? id;
  return (
    <div className="picker">
      {chosen.length > 0 && (
        <ul className="chips">
          {chosen.map((id) => (
            <li key={id} data-value={id}>
              <span>{labelOf(id)}</span>
              <button
                type="button"
                aria-label={t('forms:designer.rights.remove', { name: labelOf(id) })}
                onClick={() => onChange(chosen.filter((each) => each !== id))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <select
        aria-label={placeholder}
        value=""
        onChange={(event) => event.target.value && onChange([...chosen, event.target.value])}
      >
        <option value="">{placeholder}</option>
        {choices
          .filter((choice) => !chosen.includes(choice.id))
          .map((choice) => (
            <option key={choice.id} value={choice.id}>
              {choice.label}
            </option>
          ))}
      </select>
    </div>
  );
}
