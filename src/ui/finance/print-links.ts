import { requestPrintLink, type PrintKind, type PrintParams } from '../../core/api/print';
import type { QueryDescriptor } from '../../core/api/finance';
import { $config } from '../../core/config';
import { t } from '../../core/i18n';
import { $language } from '../../core/language';
import '../../core/i18n/print';
import { batchPrintKeys, type BatchPrintKind } from '../../core/print-keys';
import { writeStored } from '../../core/storage';
import { fontStacks, vars } from '../theme';
import { openNearFullScreen } from './windows';

/**
 * The lists open print views through signed print links (docs/print.md): the window opens
 * at once, inside the click, so pop-up blockers let it through; it goes to the print route
 * with the link's token as soon as the server has signed it. The link carries the user and
 * the exact document (or batch query), so the view also works where the window has no
 * session: an element embedded on another site opens the portal's print route.
 */

/** The host portal's print route with its query parameters (spec: print pages table). */
export function printUrl(route: string, params: Record<string, string>): string {
  const query = new URLSearchParams(params).toString();
  return `${$config.get().frontBase}/${route}${query ? `?${query}` : ''}`;
}

/** `print_lyfyjsd_all` → `lyfyjsd_all`. */
const kindOf = (route: string) => route.replace(/^print_/, '') as PrintKind;

/**
 * A same-origin blank page says what is happening while the link is being signed, styled
 * like the portal (its font and a spinner, centred) rather than the browser's default serif
 * text at the corner (issue 13 item 6). Styles go through the CSSOM (`style.cssText`) and the
 * spinner through the Web Animations API: the blank page inherits the portal's CSP, which
 * allows neither style attributes in markup nor style elements without its nonce.
 */
function showOpening(target: Window): void {
  try {
    const page = target.document;
    const text = t('print:states.opening');
    page.title = text;
    page.documentElement.lang = $language.get();
    page.body.style.cssText = `margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;gap:12px;font:15px ${fontStacks[$language.get()]};color:${vars.text};background:${vars.surfaceMuted}`;
    const spinner = page.createElement('span');
    spinner.setAttribute('aria-hidden', 'true');
    spinner.style.cssText = `width:20px;height:20px;border:2px solid ${vars.border};border-top-color:${vars.primary};border-radius:50%`;
    spinner.animate({ rotate: ['0turn', '1turn'] }, { duration: 800, iterations: Infinity });
    const status = page.createElement('p');
    status.setAttribute('role', 'status');
    status.textContent = text;
    page.body.replaceChildren(spinner, status);
  } catch {
    // Not ours to write to (a browser that opened it elsewhere): it just stays blank.
  }
}

function openSigned(
  route: string,
  params: Record<string, string>,
  sign: () => Promise<{ printToken: string }>,
): Window | null {
  const target = openNearFullScreen('about:blank');
  if (!target) return null;
  showOpening(target);
  sign().then(
    ({ printToken }) => {
      if (!target.closed) target.location.replace(printUrl(route, { ...params, printToken }));
    },
    // The request layer has told the user why (not found, signed out, ...).
    () => target.close(),
  );
  return target;
}

/** Opens one document's print view; false when the browser blocked the window. */
export function openPrint(route: string, params: PrintParams): boolean {
  const kind = kindOf(route);
  return openSigned(route, params, () => requestPrintLink(kind, { params })) !== null;
}

/**
 * Opens a batch print view for the list's query. The query is also left in sessionStorage
 * under the kind's key (spec), where the print route reads it when it has no link.
 */
export function openBatchPrint(kind: BatchPrintKind, descriptor: QueryDescriptor): boolean {
  writeStored('session', batchPrintKeys[kind], JSON.stringify(descriptor));
  const route = `print_${kind}_all`;
  return openSigned(route, {}, () => requestPrintLink(`${kind}_all`, { descriptor })) !== null;
}
