/**
 * Which label each shop carries at a zoom (docs/floor-map.md, "Labels"): its number and
 * brand when both fit inside the shop's outline, else the number, else the number without
 * the floor's prefix (L1-07 → 07), else nothing. Labels never overlap: larger shops are
 * placed first and a label that would touch a placed one drops to a shorter form or none.
 */
export type LabelFit = 'full' | 'number' | 'short' | 'none';

export interface LabelShop {
  /** The outline's extent in plan metres. */
  width: number;
  height: number;
  /** Where the label is centred, plan metres. */
  x: number;
  y: number;
  /** Text widths in pixels at the label's font size. */
  numberWidth: number;
  shortWidth: number;
  brandWidth: number;
}

/** Line height of label text in pixels, and the space kept clear around it. */
export const labelLine = 13;
const margin = 2;

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

const meets = (a: Box, b: Box) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/** `scale` is pixels per plan metre (2^zoom in Leaflet's simple coordinates). */
export function fitLabels(shops: LabelShop[], scale: number): LabelFit[] {
  const fits: LabelFit[] = shops.map(() => 'none');
  const placed: Box[] = [];
  const order = shops
    .map((shop, i) => ({ shop, i }))
    .sort((a, b) => b.shop.width * b.shop.height - a.shop.width * a.shop.height);
  for (const { shop, i } of order) {
    const candidates: [LabelFit, number][] = [
      ['full', 2],
      ['number', 1],
      ['short', 1],
    ];
    for (const [fit, lines] of candidates) {
      if (fit === 'full' && shop.brandWidth === 0) continue;
      // Two digits on a phone's narrow shop may come closer to its walls than words.
      const pad = fit === 'short' ? 1 : margin;
      const room = { width: shop.width * scale - 2 * pad, height: shop.height * scale };
      const width =
        fit === 'full'
          ? Math.max(shop.numberWidth, Math.min(shop.brandWidth, room.width))
          : fit === 'number'
            ? shop.numberWidth
            : shop.shortWidth;
      // A brand may be cut short with an ellipsis, but to no fewer than four characters' room.
      if (fit === 'full' && room.width < Math.min(shop.brandWidth, 4 * labelLine)) continue;
      const height = lines * labelLine;
      if (width > room.width || height > room.height - 2 * pad) continue;
      const cx = shop.x * scale;
      const cy = shop.y * scale;
      const box = {
        left: cx - width / 2 - pad,
        right: cx + width / 2 + pad,
        top: cy - height / 2 - pad,
        bottom: cy + height / 2 + pad,
      };
      if (placed.some((other) => meets(box, other))) continue;
      placed.push(box);
      fits[i] = fit;
      break;
    }
  }
  return fits;
}

/** A shop number without its floor's prefix: what fits on a narrow shop. */
export const shortNumber = (number: string, floor: string) =>
  number.toUpperCase().startsWith(`${floor.toUpperCase()}-`)
    ? number.slice(floor.length + 1)
    : number;
