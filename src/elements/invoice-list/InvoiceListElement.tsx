import { InvoiceList } from '../../ui/merchant/InvoiceList';

export function InvoiceListElement({
  vendor = '',
  month = '',
  contract = '',
}: {
  vendor?: string;
  month?: string;
  contract?: string;
}) {
  return <InvoiceList vendor={vendor} month={month} contract={contract} />;
}
