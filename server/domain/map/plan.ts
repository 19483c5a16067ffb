import type { MapPolygon } from '../../db/schema-map';
import { rectangle } from './geometry';

/**
 * The generated floor plan of the seed (docs/floor-map.md, "Seed"): a 160 m × 100 m floor
 * with a main corridor east to west, two cross corridors, escalators where they meet, exits
 * at both ends, toilets at the ends of the cross corridors, and 68 shop cells. The SVG is
 * the plan image; the cells are the shops' polygons, so both always agree.
 */
export const planSize = { width: 160, height: 100 } as const;

const cellWidth = 8;
const rowDepth = 20;
/** Shop blocks between the corridors: [x, cells per row]. */
const blocks: [number, number][] = [
  [4, 6],
  [60, 5],
  [108, 6],
];
/** The two rows of each band: north band (y 4 and 24), south band (y 56 and 76). */
const rows = [4, 24, 56, 76];

/** Shop cells numbered 1..68, row by row from the north-west corner. */
export function shopCells(): MapPolygon[] {
  const cells: MapPolygon[] = [];
  for (const y of rows) {
    for (const [x0, count] of blocks) {
      for (let k = 0; k < count; k++)
        cells.push(rectangle(x0 + k * cellWidth, y, cellWidth, rowDepth));
    }
  }
  return cells;
}

const escape = (text: string) =>
  text.replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c]!);

function escalator(x: number, y: number): string {
  const steps = [0, 1, 2, 3, 4].map(
    (k) =>
      `<line x1="${x + 0.6}" y1="${y + 1 + k * 1.6}" x2="${x + 3.4}" y2="${y + 1 + k * 1.6}"/>`,
  );
  return `<g class="esc"><rect x="${x}" y="${y}" width="4" height="8" rx="0.5"/>${steps.join('')}</g>`;
}

function label(x: number, y: number, text: string, size = 2.2): string {
  return `<text x="${x}" y="${y}" font-size="${size}" text-anchor="middle">${escape(text)}</text>`;
}

/**
 * The plan image of one floor: clean lines a visitor reads at a glance. An image has no
 * language of its own, so its title is written in both, as its other labels are.
 */
export function planSvg(title: { zh: string; en: string }): string {
  const { width, height } = planSize;
  const outlines = shopCells()
    .map((cell) => {
      const [x, y] = cell.coordinates[0]![0]!;
      return `<rect x="${x}" y="${y}" width="${cellWidth}" height="${rowDepth}"/>`;
    })
    .join('');
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width * 10}" height="${height * 10}">`,
    '<style>.wall{fill:#f7f5f0;stroke:#6b6b6b;stroke-width:0.8}.cor{fill:#ffffff}',
    '.cell{fill:#ecebe6;stroke:#b9b6ad;stroke-width:0.25}.esc{fill:#dfe8f5;stroke:#4a6fa5;stroke-width:0.3}',
    '.wc{fill:#e5f3ec;stroke:#3d8b63;stroke-width:0.3}.exit{fill:#2f9e5b}',
    'text{font-family:sans-serif;fill:#555}</style>',
    `<rect class="wall" x="1" y="1" width="${width - 2}" height="${height - 2}"/>`,
    `<rect class="cor" x="2" y="44" width="${width - 4}" height="12"/>`,
    '<rect class="cor" x="52" y="2" width="8" height="96"/><rect class="cor" x="100" y="2" width="8" height="96"/>',
    `<g class="cell">${outlines}</g>`,
    escalator(54, 46),
    escalator(102, 46),
    label(56, 59, '扶梯 Escalator', 1.6),
    label(104, 59, '扶梯 Escalator', 1.6),
    '<rect class="wc" x="53" y="3" width="6" height="6"/><rect class="wc" x="101" y="91" width="6" height="6"/>',
    label(56, 6.8, 'WC', 2),
    label(104, 94.8, 'WC', 2),
    `<rect class="exit" x="0" y="47" width="2" height="6"/><rect class="exit" x="${width - 2}" y="47" width="2" height="6"/>`,
    label(6, 51, '出口 Exit', 1.8),
    label(width - 6, 51, '出口 Exit', 1.8),
    label(80, 49.6, title.zh, 2.6),
    label(80, 53.6, title.en, 1.8),
    '</svg>',
  ].join('');
}
