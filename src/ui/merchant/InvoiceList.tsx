import { css } from '@emotion/react';
import { invoicesOf } from '../../core/api/finance';
import { downloadFile } from '../../core/api/portal';
import { formatCurrency } from '../../core/money';
import { Button } from '../Button';
import { useT } from '../i18n';
import { Empty, Loading } from '../Status';
import { phoneWidth, vars } from '../theme';
import { useAsync } from '../useAsync';

const list = css`
  width: 100%;
  border-collapse: collapse;
  th,
  td {
    text-align: left;
    padding: 8px 10px;
    border-bottom: 1px solid ${vars.border};
  }
  th {
    background: ${vars.surfaceMuted};
  }
  .num {
    text-align: right;
  }
  /* A phone: each invoice a block, its values under their names, the file buttons on a line. */
  @media (max-width: ${phoneWidth}px) {
    thead {
      display: none;
    }
    tr {
      display: grid;
      grid-template-columns: minmax(0, 1fr) auto;
      padding: 8px 0;
      border-bottom: 1px solid ${vars.border};
    }
    td {
      border: 0;
      padding: 2px 0;
    }
    td[data-column='month'] {
      text-align: right;
    }
    td[data-label]::before {
      /* The label with the colon of the reader's language (：, or ": " in English). */
      content: attr(data-label);
      color: ${vars.textMuted};
    }
    td:last-child {
      grid-column: 1 / -1;
      display: flex;
      gap: 8px;
    }
    td:last-child button {
      min-height: 44px;
      flex: 1;
      border: 1px solid ${vars.border};
    }
  }
`;

/** The invoices of one month of one contract, with their PDF, XML and OFD files. */
export function InvoiceList({
  vendor,
  month,
  contract,
}: {
  vendor: string;
  month: string;
  contract: string;
}) {
  const t = useT();
  const found = useAsync(
    () => invoicesOf({ ghdwdm: vendor, kpny: month, hth: contract }),
    [vendor, month, contract],
  );
  if (found.loading) return <Loading />;
  if (!found.data?.invoices.length) {
    return <Empty>{found.data?.message || t('finance:invoices.none')}</Empty>;
  }
  const label = (key: string) => `${t(key)}${t('common:colon')}`;
  const file = (id: string, name: string) =>
    id ? (
      <Button
        variant="text"
        onClick={() => void downloadFile({ id, name })}
        data-file={name.split('.').pop()}
      >
        {name.split('.').pop()?.toUpperCase()}
      </Button>
    ) : null;
  return (
    <table css={list} data-list="invoices">
      <thead>
        <tr>
          <th>{t('finance:columns.brand')}</th>
          <th>{t('finance:invoices.month')}</th>
          <th>{t('finance:invoices.item')}</th>
          <th className="num">{t('finance:invoices.amount')}</th>
          <th>{t('finance:invoices.files')}</th>
        </tr>
      </thead>
      <tbody>
        {found.data.invoices.map((invoice, index) => {
          const base = `${contract}-${invoice.f_kpny}-${index + 1}`;
          return (
            <tr key={base}>
              <td data-label={label('finance:columns.brand')}>{invoice.f_pp}</td>
              <td data-column="month">{invoice.f_kpny}</td>
              <td data-label={label('finance:invoices.item')}>{invoice.f_fyxm}</td>
              <td className="num" data-column="amount">
                {formatCurrency(invoice.f_fyje)}
              </td>
              <td>
                {file(invoice.f_pdfwj, `${base}.pdf`)}
                {file(invoice.f_ofdwj, `${base}.ofd`)}
                {file(invoice.f_xmlwj, `${base}.xml`)}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
