import { describe, expect, it } from 'vitest';
import { cssPropertiesOf } from '../../scripts/manifest/css-properties';
import { meta as aboutMeta } from '../../src/elements/about/meta';
import { meta as chartMeta } from '../../src/elements/chart-column/meta';
import { loadMetas } from '../../scripts/manifest/metas';

/** The CSS custom properties the manifest lists per element: what its code reads, no more. */
describe('css custom properties of the elements', () => {
  it('lists the base tokens for every element, and each token once with its default', async () => {
    for (const [name, meta] of await loadMetas()) {
      const names = cssPropertiesOf(name, meta).map((property) => property.name);
      expect(names, meta.tag).toEqual(
        expect.arrayContaining(['--atrium-font-family', '--atrium-color-text']),
      );
      expect(new Set(names).size, meta.tag).toBe(names.length);
    }
  });

  it('lists only the tokens an element reads, and its own properties with their description', () => {
    const about = cssPropertiesOf('about', aboutMeta).map((property) => property.name);
    expect(about).not.toContain('--atrium-color-danger-bg');
    const chart = cssPropertiesOf('chart-column', chartMeta);
    expect(
      chart.find((property) => property.name === '--atrium-chart-height')?.description,
    ).toMatch(/Height/);
    expect(chart.find((property) => property.name === '--atrium-color-primary')).toMatchObject({
      default: '#9f1d2e',
    });
  });

  it('refuses an element that reads a property of its own without describing it', () => {
    expect(() => cssPropertiesOf('chart-column', { ...chartMeta, cssProperties: {} })).toThrow(
      /--atrium-chart-height/,
    );
  });
});
