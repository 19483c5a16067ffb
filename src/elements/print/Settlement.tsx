import { useMemo } from 'react';
import type { SettlementView } from '../../core/api/print';
import { settlementLinesPerPage } from '../../core/paging';
import { useT, type Translate } from '../../ui/i18n';
import { PrintFrame } from '../../ui/print/PrintFrame';
import { form } from '../../ui/print/styles';
import { amountText, capitalsText, groups, text } from './format';
import { SheetHeading } from './SheetHeading';

/**
 * The payment settlement statement (付款结算单, searchDJH): the header, the fee lines nine
 * to a page, the contract term, the dates and the totals with the receivable total in
 * Chinese capitals. Every page repeats the header and totals, as the paper form does.
 */
function SettlementSheet({
  data,
  lines,
  page,
  pages,
  t,
}: {
  data: SettlementView;
  lines: SettlementView['lines'];
  page: number;
  pages: number;
  t: Translate;
}) {
  const { header, totals, term } = data;
  const label = (key: string) => t(`print:settlement.${key}`);
  const blanks = settlementLinesPerPage - lines.length;
  return (
    <div css={form} data-document="fkqkd">
      <SheetHeading
        store={text(header.FDNAME)}
        title={t('print:titles.fkqkd')}
        entries={[
          { label: label('recordNo'), value: text(header.JLBH), field: 'JLBH' },
          { label: label('mode'), value: text(header.HSFS) },
          { label: label('month'), value: text(header.YEARMONTH) },
        ]}
        page={{ page, total: pages }}
        t={t}
      />
      <table>
        <tbody>
          <tr>
            <td className="label">{label('supplier')}</td>
            <td colSpan={3} data-field="NAME">
              {text(header.NAME)}
              {t('common:parenthesised', { text: text(header.WLDW) })}
            </td>
            <td className="label">{label('department')}</td>
            <td>{text(header.DEPT_NAME)}</td>
          </tr>
          <tr>
            <td className="label">{label('brand')}</td>
            <td>{text(header.PP)}</td>
            <td className="label">{label('contract')}</td>
            <td data-field="HTH">{text(header.HTH)}</td>
            <td className="label">{label('term')}</td>
            <td className="nowrap">
              {term.start} {t('print:common.to')} {term.end}
            </td>
          </tr>
          <tr>
            <td className="label">{label('settleAmount')}</td>
            <td className="num">{amountText(header.JSJE)}</td>
            <td className="label">{label('discountShared')}</td>
            <td className="num">{amountText(header.ZKFTJE)}</td>
            <td className="label">{label('payable')}</td>
            <td className="num">{amountText(header.YFJE)}</td>
          </tr>
          <tr>
            <td className="label">{label('deductions')}</td>
            <td className="num">{amountText(header.KKJE_FY)}</td>
            <td className="label">{label('payAmount')}</td>
            <td className="num" data-field="FKJE">
              {amountText(header.FKJE)}
            </td>
            <td className="label">{label('payDays')}</td>
            <td>{text(header.FKTS)}</td>
          </tr>
        </tbody>
      </table>
      <table>
        <colgroup>
          <col style={{ width: '8%' }} />
          <col style={{ width: '24%' }} />
          <col style={{ width: '15%' }} />
          <col style={{ width: '15%' }} />
          <col style={{ width: '15%' }} />
          <col />
        </colgroup>
        <thead>
          <tr>
            <th>{t('print:common.index')}</th>
            <th>{label('item')}</th>
            <th>{label('sales')}</th>
            <th>{label('deduction')}</th>
            <th>{label('receivable')}</th>
            <th>{t('print:common.remark')}</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={String(line.INX)} data-line={String(line.INX)}>
              <td className="center">{text(line.INX)}</td>
              <td>{text(line.SFXMMC)}</td>
              <td className="num">{amountText(line.XSJE)}</td>
              <td className="num">{amountText(line.KKJE)}</td>
              <td className="num">{amountText(line.YSJE)}</td>
              <td>{text(line.BZ)}</td>
            </tr>
          ))}
          {Array.from({ length: Math.max(0, blanks) }, (_, index) => (
            <tr key={`blank-${index}`} aria-hidden>
              <td colSpan={6} />
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <td colSpan={2} className="center">
              {t('print:common.total')}
            </td>
            <td className="num">{amountText(totals.XSJE)}</td>
            <td className="num">{amountText(totals.KKJE)}</td>
            <td className="num" data-field="YSJE">
              {amountText(totals.YSJE)}
            </td>
            <td />
          </tr>
          <tr>
            <td colSpan={2}>{label('totalCapitals')}</td>
            <td colSpan={4} className="capitals" data-field="capitals">
              {capitalsText(totals.YSJE, t)}
            </td>
          </tr>
        </tfoot>
      </table>
      <div className="footer">
        <span>
          {label('madeOn')}
          {t('common:colon')}
          {text(header.ZDRQ)}
        </span>
        <span>
          {label('reviewer')}
          {t('common:colon')}
          {text(header.YWSHRMC)}
        </span>
        <span>
          {label('date')}
          {t('common:colon')}
          {data.date}
        </span>
      </div>
    </div>
  );
}

export function Settlement({ data }: { data: SettlementView }) {
  const t = useT();
  const sheets = useMemo(() => {
    const pages = groups(data.lines, settlementLinesPerPage);
    return pages.map((lines, index) => (
      <SettlementSheet
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
