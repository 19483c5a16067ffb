import ExcelJS from 'exceljs';
import type { Download, Page } from 'playwright-core';

/**
 * What a person sees of an element's open drawer (the last one opened in its shadow root):
 * its box, the words of it that reach past the screen's sides or wrap more than a line for
 * every two characters (a fee name "a character a line"), short words (ten characters or
 * fewer) that take more than one line, and its buttons' boxes.
 */
export function drawerSeen(page: Page, host: string) {
  return page.locator(host).evaluate(async (element) => {
    const drawers = element.shadowRoot!.querySelectorAll('[part=drawer]');
    const drawer = drawers[drawers.length - 1]!;
    // Where it comes to rest, not where its slide-in has got to.
    await Promise.all(drawer.getAnimations().map((animation) => animation.finished));
    const problems: string[] = [];
    const walker = document.createTreeWalker(drawer, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = (node.textContent ?? '').trim();
      if (text.length < 2) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const rects = [...range.getClientRects()].filter((rect) => rect.width > 0);
      if (rects.length === 0) continue;
      const lines = new Set(rects.map((rect) => Math.round(rect.bottom))).size;
      if (Math.min(...rects.map((rect) => rect.left)) < 0) problems.push(`${text}: past the left`);
      if (Math.max(...rects.map((rect) => rect.right)) > innerWidth + 0.5)
        problems.push(`${text}: past the right`);
      if (lines > 1 && (text.length <= 10 || lines * 2 > text.length))
        problems.push(`${text}: ${lines} lines`);
    }
    const box = (node: Element) => {
      const { left, top, width, height } = node.getBoundingClientRect();
      return { left, top, width, height, right: left + width, bottom: top + height };
    };
    return {
      box: box(drawer),
      problems,
      buttons: [...drawer.querySelectorAll('button')].map((button) => ({
        text: (button.textContent ?? '').trim(),
        ...box(button),
      })),
      screen: { width: innerWidth, height: innerHeight },
    };
  });
}

/**
 * The cards of a list a person sees whole in the first screen: inside it from top to bottom,
 * and nothing of the page over their top or bottom edge.
 */
export function wholeCardsOnScreen(page: Page, host: string): Promise<number> {
  return page.locator(host).evaluate((element) => {
    const cards = [...element.shadowRoot!.querySelectorAll('[data-layout=cards] li[data-row]')];
    const seen = (card: Element, x: number, y: number) =>
      document.elementFromPoint(x, y) === element &&
      card.contains(element.shadowRoot!.elementFromPoint(x, y));
    return cards.filter((card) => {
      const box = card.getBoundingClientRect();
      if (box.top < 0 || box.bottom > innerHeight || box.height === 0) return false;
      const x = box.left + box.width / 2;
      return seen(card, x, box.top + 2) && seen(card, x, box.bottom - 2);
    }).length;
  });
}

/** The values of one column of a downloaded XLSX, by its header, in the order of its rows. */
export async function exportedColumn(download: Download, header: string): Promise<string[]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile((await download.path())!);
  const sheet = book.worksheets[0]!;
  const headers = (sheet.getRow(1).values as unknown[]).slice(1);
  const column = headers.indexOf(header) + 1;
  if (column === 0) throw new Error(`no column ${header} among ${headers.join(', ')}`);
  const values: string[] = [];
  for (let row = 2; row <= sheet.rowCount; row++)
    values.push(String(sheet.getRow(row).getCell(column).value ?? ''));
  return values;
}
