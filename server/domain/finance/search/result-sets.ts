import type { EdgeRow } from '../define-query';
import type { ConfirmationAnswer, SettlementAnswer } from './settlement';

/**
 * The platform's shape of the print searches (spec/merchant-finance.md section 7): the
 * statement searches ran a stored procedure, and its answer is the list of the result sets
 * it returned, under `data`, each set a list of rows. The print views (printView/*) keep the
 * named structure the elements read; these answer what an integration written for the
 * platform reads at the platform's addresses (docs/finance-queries.md, section 4).
 */
export type ResultSets = EdgeRow[][];

/** searchDJH: header, fee lines, contract term, statement date, totals. */
export function settlementSets(answer: SettlementAnswer): ResultSets {
  return [
    [answer.header],
    answer.lines,
    [{ HTKSRQ: answer.term.start, HTJSRQ: answer.term.end }],
    [{ RQ: answer.date }],
    [answer.totals],
  ];
}

/** searchFPQRD: header, adjustments, reconciliation contact, lines, totals. */
export function confirmationSets(answer: ConfirmationAnswer): ResultSets {
  return [[answer.header], [answer.adjustments], [answer.contact], answer.lines, [answer.totals]];
}
