import { createElement, useEffect } from 'react';
import { printParamNames, type SinglePrintKind } from '../../../src/core/api/print';
import { t } from '../../../src/core/i18n';
// With the page, not after it: one round trip less before the document is read.
import '../../../src/elements/print/index';

/** Route query parameters (spec: print pages table) → attributes of `<atrium-print>`. */
const attributeOf: Record<string, string> = {
  JLBH: 'jlbh',
  HSFS: 'hsfs',
  DJBH: 'djbh',
  NY: 'ny',
  HTH: 'hth',
  ID: 'record-id',
};

function attributes(kind: string, search: URLSearchParams): Record<string, string> {
  const single = kind.endsWith('_all') ? null : (kind as SinglePrintKind);
  const result: Record<string, string> = { kind };
  for (const name of single ? (printParamNames[single] ?? []) : []) {
    const value = search.get(name);
    if (value) result[attributeOf[name]!] = value;
  }
  const printToken = search.get('printToken');
  if (printToken) result['print-token'] = printToken;
  return result;
}

/**
 * A print route (/fvue/print_xxx): the print element alone, full width. The page needs no
 * sign-in; the element reads with the session (inherited by a window the portal opened, or
 * handed over with `?token=`) or with the signed link's `printToken`.
 */
export default function PrintPage({ kind }: { kind: string }) {
  useEffect(() => {
    document.title = t(`print:titles.${kind.replace(/_all$/, '')}`);
  }, [kind]);
  return createElement('atrium-print', attributes(kind, new URLSearchParams(location.search)));
}
