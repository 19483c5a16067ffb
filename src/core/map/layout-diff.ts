/**
 * What publishing a layout changes against the published one (docs/floor-map.md, "Drafts and
 * publishing"): the server computes it (server/domain/map/diff.ts), the editor shows it.
 */
export interface LayoutChanges {
  added: { number: string; area: number }[];
  removed: { number: string; area: number }[];
  /** Same size, centroid moved this many metres. */
  moved: { number: string; distance: number }[];
  renumbered: { from: string; to: string }[];
  /** Area before and after (m²); an outline redrawn at the same area counts too. */
  resized: { number: string; from: number; to: number }[];
  recategorised: { number: string; from: string; to: string }[];
  unchanged: number;
}
