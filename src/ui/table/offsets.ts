/**
 * Where the items of a long list start, when every item is `estimate` tall except the few that
 * were measured: work in the number of measured items, never in the list's length (a card
 * list may count a million rows, and this runs on every scroll).
 */
export interface Offsets {
  /** Where item `index` starts (its gap included in the items before it). */
  start(index: number): number;
  /** The list's whole height. */
  total: number;
  /** The last item that starts at or before `offset` (0 for an empty list). */
  indexAt(offset: number): number;
}

export function offsetsOf(
  count: number,
  estimate: number,
  sizes: ReadonlyMap<number, number>,
): Offsets {
  const measured = [...sizes.keys()].filter((index) => index < count).sort((a, b) => a - b);
  // extra[j]: how much taller than estimated the measured items before measured[j] are.
  const extra = new Float64Array(measured.length + 1);
  measured.forEach((index, j) => {
    extra[j + 1] = extra[j]! + sizes.get(index)! - estimate;
  });
  const measuredBefore = (index: number) => {
    let low = 0;
    let high = measured.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (measured[middle]! < index) low = middle + 1;
      else high = middle;
    }
    return low;
  };
  const start = (index: number) => index * estimate + extra[measuredBefore(index)]!;
  return {
    start,
    total: start(count),
    indexAt(offset) {
      let low = 0;
      let high = Math.max(0, count - 1);
      while (low < high) {
        const middle = (low + high + 1) >> 1;
        if (start(middle) <= offset) low = middle;
        else high = middle - 1;
      }
      return low;
    },
  };
}
