import { Fragment, memo, useMemo } from 'react';
import type { Row } from '../../core/api/print';
import { useT, type Translate } from '../../ui/i18n';
import { PrintFrame } from '../../ui/print/PrintFrame';
import { form } from '../../ui/print/styles';
import { amountText, capitalsText, groups, isZeroOrEmpty, text } from './format';
import { SheetHeading } from './SheetHeading';
import { noticeLayouts, type NoticeKind, type NoticeLine } from './notice-fields';
import { useIncremental } from './useIncremental';

/**
 * The advance, joint-operation and lease fee notices: one notice a page, every field of
 * spec section 3, amount lines with a dash when zero, optional lines hidden when zero, the
 * total in Chinese capitals, and the upload time (the stored confirmation time).
 */
const pairsPerRow = 3;

/** Every table of a notice has the same six columns, so their rules line up. */
function Columns() {
  return (
    <colgroup>
      {Array.from({ length: pairsPerRow }, (_, index) => (
        <Fragment key={index}>
          <col style={{ width: '14%' }} />
          <col style={{ width: `${(100 - 14 * pairsPerRow) / pairsPerRow}%` }} />
        </Fragment>
      ))}
    </colgroup>
  );
}

function Section({
  title,
  lines,
  row,
  t,
}: {
  title: string;
  lines: NoticeLine[];
  row: Row;
  t: Translate;
}) {
  const shown = lines.filter((line) => !(line.optional && isZeroOrEmpty(row[line.field])));
  if (shown.length === 0) return null;
  return (
    <>
      <h2>{t(`print:notice.sections.${title}`)}</h2>
      <table>
        <Columns />
        <tbody>
          {groups(shown, pairsPerRow).map((pair) => (
            <tr key={pair.map((line) => line.field).join()}>
              {pair.map(({ field }) => (
                <FieldPair key={field} field={field} value={row[field]} t={t} />
              ))}
              {pair.length < pairsPerRow && <td colSpan={(pairsPerRow - pair.length) * 2} />}
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

function FieldPair({ field, value, t }: { field: string; value: unknown; t: Translate }) {
  return (
    <>
      <td className="label">{t(`print:notice.fields.${field}`)}</td>
      <td className="num" data-field={field}>
        {amountText(value)}
      </td>
    </>
  );
}

const NoticeSheet = memo(function NoticeSheet({
  kind,
  row,
  t,
}: {
  kind: NoticeKind;
  row: Row;
  t: Translate;
}) {
  const layout = noticeLayouts[kind];
  const label = (key: string) => t(`print:notice.${key}`);
  const total = row[layout.totalField];
  return (
    <div css={form} data-document={kind} data-id={text(row.ID)}>
      <SheetHeading
        store={text(row.FDMC)}
        title={t(`print:titles.${kind}`)}
        entries={[
          { label: label('month'), value: text(row.NY), field: 'NY' },
          { label: label('contract'), value: text(row.HTH), field: 'HTH' },
        ]}
        t={t}
      />
      <table>
        <Columns />
        <tbody>
          <tr>
            <td className="label">{label('merchant')}</td>
            <td colSpan={3} data-field="SHMC">
              {text(row.SHMC)}
            </td>
            <td className="label">{label(kind === 'yjftzd' ? 'businessBrand' : 'brand')}</td>
            <td>{text(row[layout.brandField])}</td>
          </tr>
          {kind === 'yjftzd' && (
            <tr>
              <td className="label">{label('floor')}</td>
              <td>{text(row.LC)}</td>
              <td className="label">{label('shop')}</td>
              <td>{text(row.DZLH)}</td>
              <td className="label">{label('area')}</td>
              <td className="num">{text(row.JZMJ)}</td>
            </tr>
          )}
        </tbody>
      </table>
      {layout.sections.map((section) => (
        <Section key={section.title} title={section.title} lines={section.lines} row={row} t={t} />
      ))}
      <table>
        <Columns />
        <tbody>
          <tr>
            <td className="label">{t(`print:notice.fields.${layout.totalField}`)}</td>
            <td className="num" data-field={layout.totalField}>
              {amountText(total)}
            </td>
            <td className="label">{label('totalCapitals')}</td>
            <td colSpan={3} className="capitals" data-field="capitals">
              {capitalsText(total, t)}
            </td>
          </tr>
          <tr>
            <td className="label">{t('print:common.remark')}</td>
            <td colSpan={5}>{text(row[layout.remarkField])}</td>
          </tr>
        </tbody>
      </table>
      <div className="footer">
        <span>
          {t('print:common.uploadTime')}
          {t('common:colon')}
          <span data-field="SCSJ">{text(row.SCSJ)}</span>
        </span>
        <span>
          {t('print:common.confirmedBy')}
          {t('common:colon')}
          {text(row.CONFIRM_BY)}
        </span>
      </div>
    </div>
  );
});

export function FeeNotices({ kind, rows }: { kind: NoticeKind; rows: Row[] }) {
  const t = useT();
  const sheets = useMemo(
    () => rows.map((row) => <NoticeSheet key={text(row.ID)} kind={kind} row={row} t={t} />),
    [kind, rows, t],
  );
  const shown = useIncremental(sheets.length);
  const complete = shown === sheets.length;
  return (
    <PrintFrame
      sheets={sheets.slice(0, shown)}
      paged={false}
      complete={complete}
      progress={{
        done: shown,
        total: sheets.length,
        label: t('print:states.rendering', { done: shown, total: sheets.length }),
      }}
    />
  );
}
