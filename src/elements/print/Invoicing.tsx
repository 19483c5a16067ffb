import { useMemo } from 'react';
import type { InvoicingView } from '../../core/api/print';
import { invoicingLinesPerPage } from '../../core/paging';
import { useT, type Translate } from '../../ui/i18n';
import { PrintFrame } from '../../ui/print/PrintFrame';
import { form } from '../../ui/print/styles';
import { amountText, capitalsText, groups, percentText, text } from './format';
import { SheetHeading } from './SheetHeading';

/**
 * The invoicing confirmation (开票确认单, searchFPQRD): supplier, brand, contract and the
 * contract's figures, the lines seven to a page, the settlement adjustments, the amount to
 * invoice in Chinese capitals, and the reconciliation contact.
 */
const adjustmentFields = [
  'BTX',
  'BDQS',
  'QCJK',
  'HTJK',
  'JZBC',
  'HYCD',
  'JFJC',
  'SPTG',
  'HDJC',
  'KPJE',
  'JSJE',
] as const;

function Adjustments({ data, t }: { data: InvoicingView; t: Translate }) {
  // Four label/amount pairs a row.
  const rows = groups(adjustmentFields, 4);
  return (
    <table>
      <tbody>
        <tr>
          <th colSpan={8}>{t('print:invoicing.adjustments')}</th>
        </tr>
        {rows.map((fields) => (
          <tr key={fields.join()}>
            {fields.map((field) => (
              <FieldPair key={field} field={field} value={data.adjustments[field]} t={t} />
            ))}
            {fields.length < 4 && <td colSpan={(4 - fields.length) * 2} />}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function FieldPair({ field, value, t }: { field: string; value: unknown; t: Translate }) {
  return (
    <>
      <td className="label">{t(`print:invoicing.${field}`)}</td>
      <td className="num" data-field={field}>
        {amountText(value)}
      </td>
    </>
  );
}

function InvoicingSheet({
  data,
  lines,
  page,
  pages,
  t,
}: {
  data: InvoicingView;
  lines: InvoicingView['lines'];
  page: number;
  pages: number;
  t: Translate;
}) {
  const { header, totals, contact } = data;
  const label = (key: string) => t(`print:invoicing.${key}`);
  return (
    <div css={form} data-document="kpqrd">
      <SheetHeading
        store={text(header.FDNAME)}
        title={t('print:titles.kpqrd')}
        entries={[
          { label: t('print:settlement.recordNo'), value: text(header.JLBH), field: 'JLBH' },
          { label: label('month'), value: text(header.YEARMONTH) },
        ]}
        page={{ page, total: pages }}
        t={t}
      />
      <table>
        <tbody>
          <tr>
            <td className="label">{label('supplier')}</td>
            <td colSpan={3} data-field="GHDW">
              {text(header.GHDW)}
            </td>
            <td className="label">{label('brand')}</td>
            <td>{text(header.PP)}</td>
          </tr>
          <tr>
            <td className="label">{label('contract')}</td>
            <td data-field="HTH">{text(header.HTH)}</td>
            <td className="label">{label('guaranteedSales')}</td>
            <td className="num">{amountText(header.BDXSJH)}</td>
            <td className="label">{label('contractRate')}</td>
            <td className="num">{percentText(header.JSKL_HT)}</td>
          </tr>
          <tr>
            <td className="label">{label('contractSales')}</td>
            <td className="num">{amountText(header.HTXS)}</td>
            <td className="label">{label('vipDiscount')}</td>
            <td className="num">{amountText(header.VIPZKJE)}</td>
            <td className="label">{label('deduction')}</td>
            <td className="num">{amountText(header.KKJE)}</td>
          </tr>
        </tbody>
      </table>
      <table>
        <colgroup>
          <col style={{ width: '10%' }} />
          <col style={{ width: '25%' }} />
          <col style={{ width: '25%' }} />
          <col />
        </colgroup>
        <thead>
          <tr>
            <th>{t('print:common.index')}</th>
            <th>{label('sales')}</th>
            <th>{label('deduction')}</th>
            <th>{t('print:common.remark')}</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={String(line.INX)} data-line={String(line.INX)}>
              <td className="center">{text(line.INX)}</td>
              <td className="num">{amountText(line.XSJE)}</td>
              <td className="num">{amountText(line.KKJE)}</td>
              <td>{text(line.BZ)}</td>
            </tr>
          ))}
          {Array.from({ length: Math.max(0, invoicingLinesPerPage - lines.length) }, (_, i) => (
            <tr key={`blank-${i}`} aria-hidden>
              <td colSpan={4} />
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <td className="center">{t('print:common.total')}</td>
            <td className="num">{amountText(totals.XSJE)}</td>
            <td className="num">{amountText(totals.KKJE)}</td>
            <td />
          </tr>
        </tfoot>
      </table>
      <Adjustments data={data} t={t} />
      <table>
        <tbody>
          <tr>
            <td className="label" style={{ width: '24%' }}>
              {label('invoiceCapitals')}
            </td>
            <td className="capitals" data-field="capitals">
              {capitalsText(data.adjustments.KPJE, t)}
            </td>
          </tr>
        </tbody>
      </table>
      <div className="footer">
        <span>
          {label('contact')}
          {t('common:colon')}
          {contact.DYR}
        </span>
        <span>
          {label('phone')}
          {t('common:colon')}
          {contact.LXDH}
        </span>
      </div>
    </div>
  );
}

export function Invoicing({ data }: { data: InvoicingView }) {
  const t = useT();
  const sheets = useMemo(() => {
    const pages = groups(data.lines, invoicingLinesPerPage);
    return pages.map((lines, index) => (
      <InvoicingSheet
        key={index}
        data={data}
        lines={lines}
        page={index + 1}
        pages={pages.length}
        t={t}
      />
    ));
  }, [data, t]);
  return <PrintFrame sheets={sheets} paged complete />;
}
