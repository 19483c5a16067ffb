import type { LayoutDiff } from '../../core/api/map';
import { useT } from '../../ui/i18n';

type Kind = 'added' | 'removed' | 'moved' | 'renumbered' | 'resized' | 'recategorised';
const kinds: Kind[] = ['added', 'removed', 'moved', 'renumbered', 'resized', 'recategorised'];

/**
 * What publishing changes, by kind: a count and the shops, so an editor sees before it
 * happens that a shop with a tenant is about to go, or that two numbers were swapped.
 */
export function LayoutChanges({ diff }: { diff: LayoutDiff }) {
  const t = useT();
  const category = (key: string) => t(`map:category.${key}`);
  const item = (kind: Kind, entry: LayoutDiff[Kind][number]): string => {
    switch (kind) {
      case 'moved': {
        const e = entry as LayoutDiff['moved'][number];
        return t('map:editor.changes.movedBy', { number: e.number, distance: e.distance });
      }
      case 'resized': {
        const e = entry as LayoutDiff['resized'][number];
        return t('map:editor.changes.resizedBy', { number: e.number, from: e.from, to: e.to });
      }
      case 'renumbered': {
        const e = entry as LayoutDiff['renumbered'][number];
        return t('map:editor.changes.renumberedTo', { from: e.from, to: e.to });
      }
      case 'recategorised': {
        const e = entry as LayoutDiff['recategorised'][number];
        return t('map:editor.changes.recategorisedTo', {
          number: e.number,
          from: category(e.from),
          to: category(e.to),
        });
      }
      default:
        return (entry as { number: string }).number;
    }
  };
  const present = kinds.filter((kind) => diff[kind].length > 0);
  if (present.length === 0) return <p data-changes="none">{t('map:editor.changes.none')}</p>;
  return (
    <dl data-changes style={{ margin: 0, display: 'grid', gap: 6 }}>
      {present.map((kind) => (
        <div key={kind} data-change={kind} data-count={diff[kind].length}>
          <dt style={{ fontWeight: 600 }}>
            {t('map:editor.changes.count', {
              label: t(`map:editor.changes.${kind}`),
              count: diff[kind].length,
            })}
          </dt>
          <dd style={{ margin: '2px 0 0', maxHeight: 96, overflow: 'auto' }}>
            {diff[kind].map((entry) => item(kind, entry)).join(t('map:editor.changes.separator'))}
          </dd>
        </div>
      ))}
      <div data-change="unchanged" data-count={diff.unchanged}>
        <dt>
          {t('map:editor.changes.count', {
            label: t('map:editor.changes.unchanged'),
            count: diff.unchanged,
          })}
        </dt>
      </div>
    </dl>
  );
}
