import { css } from '@emotion/react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import '../../core/i18n/people';
import { orgTree, searchPeople, type Org, type Person } from '../../core/api/directory';
import { useT } from '../i18n';
import { vars } from '../theme';
import { OrgTree } from './OrgTree';

export type { Person } from '../../core/api/directory';

const pickerStyle = css`
  display: flex;
  flex-direction: column;
  gap: 4px;
  margin-bottom: 14px;
  .label {
    font-size: 13px;
    color: ${vars.textMuted};
  }
  .required {
    color: ${vars.danger};
    margin-right: 2px;
  }
  .control {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 4px;
    min-height: 38px;
    padding: 3px 4px 3px 8px;
    border: 1px solid ${vars.border};
    border-radius: ${vars.radius};
    background: ${vars.surface};
  }
  .control:focus-within {
    border-color: ${vars.primary};
    box-shadow: 0 0 0 3px color-mix(in srgb, ${vars.primary} 15%, transparent);
  }
  .control[data-invalid='true'] {
    border-color: ${vars.danger};
  }
  .control input {
    flex: 1 1 120px;
    min-width: 80px;
    height: 30px;
    border: 0;
    outline: none;
    background: none;
    font: inherit;
    color: ${vars.text};
  }
  .chip {
    display: inline-flex;
    align-items: center;
    gap: 2px;
    max-width: 100%;
    height: 26px;
    padding: 0 4px 0 8px;
    border-radius: 13px;
    background: color-mix(in srgb, ${vars.primary} 10%, ${vars.surface});
    color: ${vars.text};
    font-size: 13px;
    white-space: nowrap;
  }
  .chip button,
  .browse {
    border: 0;
    background: none;
    cursor: pointer;
    color: ${vars.textMuted};
    font: inherit;
    border-radius: 4px;
  }
  .chip button {
    width: 20px;
    height: 20px;
    line-height: 20px;
    padding: 0;
  }
  .browse {
    flex: none;
    height: 30px;
    padding: 0 8px;
    font-size: 13px;
    color: ${vars.primary};
  }
  .chip button:hover,
  .chip button:focus-visible,
  .browse:hover,
  .browse:focus-visible {
    background: ${vars.surfaceMuted};
    outline: none;
  }
  [role='listbox'] {
    list-style: none;
    margin: 0;
    padding: 4px 0;
    max-height: 240px;
    overflow: auto;
    border: 1px solid ${vars.border};
    border-radius: ${vars.radius};
    background: ${vars.surface};
    box-shadow: 0 4px 12px rgb(0 0 0 / 8%);
  }
  [role='option'] {
    display: flex;
    flex-wrap: wrap;
    gap: 0 8px;
    padding: 6px 12px;
    cursor: pointer;
  }
  [role='option'][aria-selected='true'],
  [role='option']:hover {
    background: ${vars.surfaceMuted};
  }
  [role='option'][data-active='true'] {
    background: color-mix(in srgb, ${vars.primary} 10%, ${vars.surface});
  }
  [role='option'] .who {
    font-weight: 600;
  }
  .muted,
  [role='option'] .where {
    color: ${vars.textMuted};
    font-size: 12px;
  }
  .status {
    padding: 6px 12px;
    color: ${vars.textMuted};
    font-size: 13px;
  }
  .error {
    font-size: 12px;
    color: ${vars.danger};
  }
  .org-filter {
    display: flex;
    align-items: center;
    gap: 8px;
    font-size: 12px;
    color: ${vars.textMuted};
  }
`;

export interface PeoplePickerProps {
  /** The people picked, in order. */
  value: Person[];
  onChange: (people: Person[]) => void;
  /** Several people (chips) or one. */
  multiple?: boolean | undefined;
  label?: string | undefined;
  required?: boolean | undefined;
  disabled?: boolean | undefined;
  placeholder?: string | undefined;
  /** A message under the control (a failed check). */
  error?: string | undefined;
  /** Names the picker in the page (data-people), for tests and styling. */
  name?: string | undefined;
}

const pageSize = 20;

/** A person known only by id and name (a saved setting), to start the picker with. */
export function knownPerson(id: string, fullname: string): Person {
  return {
    id,
    fullname,
    account: '',
    orgId: '',
    orgName: '',
    pathName: '',
    orgNames: '',
    postNames: '',
  };
}

/** The picked person's id, or '' (single pickers). */
export const firstId = (people: Person[]) => people[0]?.id ?? '';

/**
 * The shared people picker: search the directory by name, account, pinyin initials or
 * department, or browse the org tree; one or several people, shown as chips. Keyboard:
 * Down and Up move in the list, Enter picks, Esc closes the list (then the tree), Backspace
 * in an empty box removes the last chip.
 */
export function PeoplePicker({
  value,
  onChange,
  multiple = false,
  label,
  required,
  disabled,
  placeholder,
  error,
  name,
}: PeoplePickerProps) {
  const t = useT();
  const id = useId();
  const listId = `${id}-list`;
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const [results, setResults] = useState<{ rows: Person[]; total: number } | null>(null);
  const [searching, setSearching] = useState(false);
  const [failed, setFailed] = useState(false);
  const [browsing, setBrowsing] = useState(false);
  const [orgs, setOrgs] = useState<Org[] | null>(null);
  const [org, setOrg] = useState<Org | null>(null);
  const ticket = useRef(0);

  // Search as the user types (debounced), within the chosen org when there is one.
  useEffect(() => {
    if (!open) return;
    const mine = ++ticket.current;
    setSearching(true);
    const timer = setTimeout(
      () => {
        searchPeople(text, { pageSize, ...(org ? { orgId: org.id } : {}) }).then(
          (page) => {
            if (mine !== ticket.current) return;
            setResults({ rows: page.rows, total: page.total });
            setFailed(false);
            setSearching(false);
            setActive(0);
          },
          () => {
            if (mine !== ticket.current) return;
            setFailed(true);
            setSearching(false);
          },
        );
      },
      text ? 200 : 0,
    );
    return () => clearTimeout(timer);
  }, [text, org, open]);

  useEffect(() => {
    if (!browsing || orgs) return;
    orgTree().then(setOrgs, () => setFailed(true));
  }, [browsing, orgs]);

  const pickedIds = new Set(value.map((person) => person.id));
  const options = results?.rows ?? [];

  const pick = (person: Person) => {
    if (pickedIds.has(person.id)) {
      if (multiple) onChange(value.filter((item) => item.id !== person.id));
    } else onChange(multiple ? [...value, person] : [person]);
    setText('');
    if (!multiple) {
      setOpen(false);
      setBrowsing(false);
    }
    input.current?.focus();
  };
  const remove = (person: Person) => {
    onChange(value.filter((item) => item.id !== person.id));
    input.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) return setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) =>
        options.length ? (current + step + options.length) % options.length : 0,
      );
    } else if (event.key === 'Enter') {
      if (!open) return;
      event.preventDefault();
      const person = options[active];
      if (person) pick(person);
    } else if (event.key === 'Escape') {
      if (open || browsing) {
        // Closing the list must not close the dialog around the picker.
        event.preventDefault();
        event.stopPropagation();
        if (open) setOpen(false);
        else setBrowsing(false);
      }
    } else if (event.key === 'Backspace' && !text && value.length > 0) {
      remove(value[value.length - 1]!);
    }
  };

  const activeId = open && options[active] ? `${id}-option-${active}` : undefined;
  // The option moved to with the keyboard stays in view.
  const listRef = useRef<HTMLUListElement>(null);
  useEffect(() => {
    listRef.current?.querySelector('[data-active="true"]')?.scrollIntoView?.({ block: 'nearest' });
  }, [active, results]);
  return (
    <div css={pickerStyle} data-people={name ?? ''} part="picker">
      {label && (
        <label className="label" htmlFor={`${id}-input`}>
          {required && (
            <span className="required" aria-hidden>
              *
            </span>
          )}
          {label}
        </label>
      )}
      <div className="control" data-invalid={error ? 'true' : undefined} part="control">
        {value.map((person) => (
          <span className="chip" key={person.id} data-person={person.account} part="chip">
            {person.fullname}
            {!disabled && (
              <button
                type="button"
                aria-label={t('people:picker.remove', { name: person.fullname })}
                onClick={() => remove(person)}
              >
                ×
              </button>
            )}
          </span>
        ))}
        {(multiple || value.length === 0) && (
          <input
            ref={input}
            id={`${id}-input`}
            role="combobox"
            aria-expanded={open}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={activeId}
            aria-required={required || undefined}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : `${id}-keys`}
            autoComplete="off"
            disabled={disabled}
            placeholder={
              value.length > 0
                ? t('people:picker.placeholderMore')
                : (placeholder ?? t('people:picker.placeholder'))
            }
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setOpen(true);
            }}
            onFocus={() => setOpen(true)}
            onBlur={(event) => {
              // Leaving the picker closes the list; a click inside it keeps it.
              const next = event.relatedTarget as Node | null;
              if (!next || !event.currentTarget.closest('[part="picker"]')?.contains(next)) {
                setTimeout(() => setOpen(false), 150);
              }
            }}
            onKeyDown={onKeyDown}
          />
        )}
        {!multiple && value.length > 0 && !disabled && (
          <button
            type="button"
            className="browse"
            data-action="change-person"
            onClick={() => {
              onChange([]);
              setTimeout(() => input.current?.focus(), 0);
            }}
          >
            {t('people:picker.change')}
          </button>
        )}
        {!disabled && (
          <button
            type="button"
            className="browse"
            aria-expanded={browsing}
            data-action="browse-orgs"
            onClick={() => setBrowsing((current) => !current)}
          >
            {browsing ? t('people:picker.hideTree') : t('people:picker.browse')}
          </button>
        )}
      </div>
      {error ? (
        <div id={`${id}-error`} role="alert" className="error" data-error>
          {error}
        </div>
      ) : (
        <div id={`${id}-keys`} className="muted" hidden>
          {t('people:picker.keys')}
        </div>
      )}
      {browsing && orgs && (
        <OrgTree
          orgs={orgs}
          selected={org?.id ?? ''}
          label={t('people:picker.orgs')}
          onChoose={(chosen) => {
            setOrg(chosen);
            setOpen(true);
            input.current?.focus();
          }}
          onEscape={() => {
            setBrowsing(false);
            input.current?.focus();
          }}
        />
      )}
      {org && (
        <div className="org-filter" data-org-filter={org.code}>
          {t('people:picker.inOrg', { org: org.pathName })}
          <button type="button" className="browse" onClick={() => setOrg(null)}>
            {t('people:picker.clearOrg')}
          </button>
        </div>
      )}
      {open && (
        <ul
          role="listbox"
          ref={listRef}
          id={listId}
          aria-label={label ?? t('people:picker.label')}
          aria-multiselectable={multiple || undefined}
          part="results"
          onMouseDown={(event) => event.preventDefault()}
        >
          {options.map((person, index) => (
            <li
              key={person.id}
              id={`${id}-option-${index}`}
              role="option"
              aria-selected={pickedIds.has(person.id)}
              data-active={index === active ? 'true' : undefined}
              data-account={person.account}
              onClick={() => pick(person)}
              onMouseEnter={() => setActive(index)}
            >
              <span className="who">
                {person.fullname}
                <span className="muted"> {person.account}</span>
              </span>
              <span className="where">
                {[person.orgName, person.postNames].filter(Boolean).join(' · ')}
              </span>
            </li>
          ))}
          {failed && <li className="status">{t('people:picker.failed')}</li>}
          {!failed && searching && options.length === 0 && (
            <li className="status">{t('people:picker.searching')}</li>
          )}
          {!failed && !searching && results && options.length === 0 && (
            <li className="status">{t('people:picker.noResults')}</li>
          )}
          {results && results.total > options.length && (
            <li className="status">
              {t('people:picker.more', { count: results.total - options.length })}
            </li>
          )}
        </ul>
      )}
    </div>
  );
}
