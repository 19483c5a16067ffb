import type { Translate } from '../../ui/i18n';

/** One entry of the line under a sheet's title: its label and value, and the field it shows. */
export interface HeadingEntry {
  label: string;
  value: string;
  /** Marks the value with `data-field`, for readers of the printed page (tests, scripts). */
  field?: string;
}

/**
 * The title every printed sheet opens with (the store's name, then the kind of sheet) and the
 * line under it: labelled values and, on sheets of several pages, which page this is.
 */
export function SheetHeading({
  store,
  title,
  entries,
  page,
  t,
}: {
  store: string;
  title: string;
  entries: HeadingEntry[];
  page?: { page: number; total: number };
  t: Translate;
}) {
  return (
    <>
      <h1>
        {store} {title}
      </h1>
      <div className="meta">
        {entries.map(({ label, value, field }) => (
          <span key={label}>
            {label}
            {t('common:colon')}
            {field ? <span data-field={field}>{value}</span> : value}
          </span>
        ))}
        {page && <span data-field="page">{t('print:common.page', page)}</span>}
      </div>
    </>
  );
}
