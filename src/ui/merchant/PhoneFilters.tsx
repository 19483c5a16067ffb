import { css } from '@emotion/react';
import { useEffect, useState, type ReactNode } from 'react';
import type { FilterField, FilterValues } from '../finance/FilterBar';
import { storeOptions } from '../finance/stores';
import { useLanguage, useT, type Translate } from '../i18n';
import { cardsBelow, useWidth } from '../table/useNarrow';
import { vars } from '../theme';
import { useAsync } from '../useAsync';

const bar = css`
  display: flex;
  align-items: center;
  gap: 8px;
  margin-bottom: 8px;
  button {
    flex: none;
    min-height: 44px;
    padding: 0 14px;
    font: inherit;
    border: 1px solid ${vars.border};
    border-radius: ${vars.radius};
    background: ${vars.surface};
    color: ${vars.text};
    cursor: pointer;
  }
  button[aria-expanded='true'] {
    border-color: ${vars.primary};
    color: ${vars.primary};
  }
  /* The filters in force wrap (at most three lines) rather than lose the end of a date range. */
  .summary {
    min-width: 0;
    font-size: 13px;
    line-height: 18px;
    color: ${vars.textMuted};
    overflow-wrap: anywhere;
    display: -webkit-box;
    -webkit-box-orient: vertical;
    -webkit-line-clamp: 3;
    overflow: hidden;
  }
`;

/** The filters in force, in words: the store, each range, each text filter that is set. */
export function filterSummary(
  fields: readonly FilterField[],
  values: FilterValues,
  t: Translate,
  storeName: (code: string) => string,
): string {
  const parts: string[] = [];
  for (const field of fields) {
    const value = values[field.name] ?? '';
    if (field.kind === 'store') {
      parts.push(value ? storeName(value) : t('finance:filters.allStores'));
    } else if (field.name.startsWith('start')) {
      const end = values[`end${field.name.slice(5)}`];
      if (value && end) parts.push(`${value} – ${end}`);
    } else if (field.kind === 'text' && value.trim()) {
      parts.push(`${field.label}${t('common:colon')}${value.trim()}`);
    }
  }
  return parts.join(' · ');
}

/**
 * On a phone (a box narrower than the cards' threshold), the filter form hides behind one
 * button that says which filters are in force; a search folds it again, so the cards have
 * the screen (issue 36, part 2). Wider, the form shows as it always did.
 */
export function PhoneFilters({
  fields,
  applied,
  form,
  error,
}: {
  fields: readonly FilterField[];
  applied: FilterValues;
  form: ReactNode;
  /** Why the filters were not applied: the form stays open to show it. */
  error?: string | null;
}) {
  const t = useT();
  const language = useLanguage();
  const [node, setNode] = useState<HTMLElement | null>(null);
  const width = useWidth(node);
  const [open, setOpen] = useState(false);
  const stores = useAsync(storeOptions, []);
  const narrow = width > 0 && width < cardsBelow;
  useEffect(() => {
    if (error) setOpen(true);
  }, [error]);
  const storeName = (code: string) => {
    const store = stores.data?.find((each) => each.code === code);
    return (language === 'en-US' ? store?.nameEn : store?.name) || code;
  };
  return (
    <div ref={setNode} onSubmit={() => setOpen(false)}>
      {narrow && (
        <div css={bar}>
          <button
            type="button"
            aria-expanded={open}
            data-action="filters"
            onClick={() => setOpen(!open)}
          >
            {t('finance:cards.filters')} {open ? '▴' : '▾'}
          </button>
          <span className="summary" data-field="filter-summary">
            {filterSummary(fields, applied, t, storeName)}
          </span>
        </div>
      )}
      {(!narrow || open) && form}
    </div>
  );
}
