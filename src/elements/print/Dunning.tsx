import { useEffect, useMemo, useState } from 'react';
import type { Row } from '../../core/api/print';
import { useT, type Translate } from '../../ui/i18n';
import { PrintFrame } from '../../ui/print/PrintFrame';
import { form } from '../../ui/print/styles';
import { amountText, capitalsText, groups, text } from './format';
import { useIncremental } from './useIncremental';

/**
 * The merchant dunning notice (商户催款通知书): one table per record with the eleven
 * columns of the spec, the total in capitals, the reminder to pay promptly and to note the
 * brand when transferring, the receiving account of the record's floor (from the server),
 * the upload time and the seal. A batch puts two records on a page: every second record is
 * followed by a page break.
 */
const columns = [
  'F_HTH',
  'F_GYSMC',
  'F_PPMC',
  'F_JZRQ',
  'F_JYQK',
  'F_JYQK_WYJ',
  'F_JKYQ_WYJ',
  'F_QKWYJHJ',
  'F_BZ',
  'F_SJHM',
  'F_LC',
] as const;
const amounts = new Set(['F_JYQK', 'F_JYQK_WYJ', 'F_JKYQ_WYJ', 'F_QKWYJHJ']);
/**
 * Column widths (%), in the order above, for the table's 12 px text: a contract code, a
 * merchant name of 13 characters, a date, an amount and a phone number each fit on one line,
 * and so does the floor's heading in English ("Floor", not "Flo/or"); the free-text remark
 * takes what is left and may wrap.
 */
const widths = [12.5, 17.5, 7, 8, 8, 8, 8, 8, 7, 11, 5];
/** Codes, dates and numbers never break inside (amounts are kept whole by `.num`). */
const unbroken = new Set(['F_HTH', 'F_JZRQ', 'F_SJHM']);

/**
 * The seal arrives as a data URL; one object URL serves every record of a batch instead
 * of a thousand copies of the image text in the document. Made and revoked by one effect.
 */
function useObjectUrl(dataUrl: string | undefined): string {
  const [url, setUrl] = useState('');
  useEffect(() => {
    const match = /^data:([^;,]+);base64,(.*)$/.exec(dataUrl ?? '');
    if (!match) return setUrl('');
    const bytes = Uint8Array.from(atob(match[2]!), (char) => char.charCodeAt(0));
    const made = URL.createObjectURL(new Blob([bytes], { type: match[1] }));
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [dataUrl]);
  return url;
}

/**
 * The texts every notice repeats, translated once per view: a batch of a thousand would
 * otherwise look up the same two dozen labels a thousand times.
 */
function labelsOf(t: Translate) {
  const label = (key: string) => t(`print:dunning.${key}`);
  return {
    title: label('title'),
    headers: columns.map((column) => label(`columns.${column}`)),
    totalCapitals: label('totalCapitals'),
    reminder: label('reminder'),
    bank: label('bank'),
    accountName: label('accountName'),
    bankName: label('bankName'),
    accountNo: label('accountNo'),
    uploadTime: t('print:common.uploadTime'),
    colon: t('common:colon'),
    greeting: (merchant: string) => t('print:dunning.greeting', { merchant }),
    intro: (date: string, brand: string) => t('print:dunning.intro', { date, brand }),
    capitals: (value: unknown) => capitalsText(value, t),
  };
}
type Labels = ReturnType<typeof labelsOf>;

const tableColumns = (
  <colgroup>
    {widths.map((width, index) => (
      <col key={index} style={{ width: `${width}%` }} />
    ))}
  </colgroup>
);

function DunningBlock({ record, seal, labels }: { record: Row; seal: string; labels: Labels }) {
  return (
    <div className="block" data-record={text(record.ID_)} data-floor={text(record.F_LC)}>
      <h1>{labels.title}</h1>
      <p>{labels.greeting(text(record.F_GYSMC))}</p>
      <p>{labels.intro(text(record.F_JZRQ), text(record.F_PPMC))}</p>
      <table className="dunning">
        {tableColumns}
        <thead>
          <tr>
            {labels.headers.map((header, index) => (
              <th key={columns[index]}>{header}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          <tr>
            {columns.map((column) => (
              <td
                key={column}
                className={
                  amounts.has(column) ? 'num' : unbroken.has(column) ? 'nowrap' : undefined
                }
                data-field={column}
              >
                {amounts.has(column) ? amountText(record[column]) : text(record[column])}
              </td>
            ))}
          </tr>
        </tbody>
      </table>
      <p>
        {labels.totalCapitals}
        {labels.colon}
        <span className="capitals" data-field="capitals">
          {labels.capitals(record.F_QKWYJHJ)}
        </span>
      </p>
      <p>{labels.reminder}</p>
      <p data-field="bank">
        {labels.bank}
        {labels.colon}
        <span className="pair">
          {labels.accountName} {text(record.F_SKHM)}
        </span>
        <span className="pair">
          {labels.bankName} {text(record.F_KHYH)}
        </span>
        <span className="pair nowrap">
          {labels.accountNo} {text(record.F_YHZH)}
        </span>
      </p>
      <div className="sign">
        <div>{text(record.F_SKHM)}</div>
        <div data-upload-time>
          {labels.uploadTime}
          {labels.colon}
          <span data-field="F_CONFIRM_DATE">{text(record.F_CONFIRM_DATE)}</span>
        </div>
        {seal && <img src={seal} alt="" data-seal width={320} height={320} />}
      </div>
    </div>
  );
}

export function Dunning({
  records,
  seal,
  batch,
}: {
  records: Row[];
  seal: string | undefined;
  batch: boolean;
}) {
  const t = useT();
  const sealUrl = useObjectUrl(seal);
  const sheets = useMemo(() => {
    const labels = labelsOf(t);
    return groups(records, batch ? 2 : 1).map((pair) => (
      <div css={form} data-document="shcjftzd" key={pair.map((record) => text(record.ID_)).join()}>
        {pair.map((record) => (
          <DunningBlock key={text(record.ID_)} record={record} seal={sealUrl} labels={labels} />
        ))}
      </div>
    ));
  }, [records, batch, sealUrl, t]);
  const shown = useIncremental(sheets.length);
  // Not ready before the seal is in the sheets: printing must not race the seal.
  const complete = shown === sheets.length && (!seal || sealUrl !== '');
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
