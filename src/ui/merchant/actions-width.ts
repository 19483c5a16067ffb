/**
 * The actions column fits its buttons (text buttons, 14 px: about 14 px a CJK character and
 * 6.5 px another, 8 px of padding and a space each, 20 px of cell padding) and no more: every
 * pixel it spares shows an amount on a laptop. Drawn wider, the table widens it.
 */
export function actionsWidth(labels: string[]): number {
  let width = 20;
  for (const label of labels) {
    for (const char of label) width += /[\u2e80-\uffff]/.test(char) ? 14 : 6.5;
    width += 12;
  }
  return Math.ceil(width);
}
