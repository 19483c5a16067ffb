import { $config } from '../../core/config';
import { shared } from '../../core/shared';

/**
 * Page rules only work in the document's own style sheets (an @page inside a shadow root is
 * ignored), so the print element adds this one small sheet to <head>: the spec's margins
 * (5 mm top, 10 mm left) and, when printing, nothing of the page but the print view. What
 * does not contain the view is taken out of the layout (display: none, not just hidden, so it
 * cannot add blank pages), and the view's ancestors lose their frames and fixed heights.
 */
const css = `
@page { size: A4 portrait; margin: 5mm 0 0 10mm; }
@media print {
  html, body { margin: 0 !important; padding: 0 !important; background: #fff !important; height: auto !important; min-height: 0 !important; overflow: visible !important; }
  body *:not(atrium-print):not(:has(atrium-print)) { display: none !important; }
  body :has(atrium-print) { display: block !important; margin: 0 !important; padding: 0 !important; border: 0 !important; height: auto !important; min-height: 0 !important; max-height: none !important; overflow: visible !important; box-shadow: none !important; background: #fff !important; }
  atrium-print { margin: 0 !important; }
}`;

export function installPrintPageStyles(): void {
  if (typeof document === 'undefined') return;
  shared('print-page-styles', () => {
    const style = document.createElement('style');
    style.dataset.atrium = 'print-page';
    const nonce = $config.get().cspNonce;
    if (nonce) style.nonce = nonce;
    style.textContent = css;
    document.head.append(style);
    return style;
  });
}
