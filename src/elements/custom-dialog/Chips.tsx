import { useT } from '../../ui/i18n';
import type { Choice } from './choices';

/** The chosen values as chips; each has a remove button when removing is allowed. */
export function Chips({
  choices,
  placeholder,
  onRemove,
}: {
  choices: Choice[];
  placeholder: string;
  onRemove?: ((choice: Choice) => void) | undefined;
}) {
  const t = useT();
  if (choices.length === 0) return <span className="placeholder">{placeholder}</span>;
  return (
    <ul className="chips" aria-label={t('customDialog:dialog.chosen', { count: choices.length })}>
      {choices.map((choice) => (
        <li key={choice.value} part="chip" data-value={choice.value} title={choice.value}>
          <span>
            {choice.label === choice.value ? choice.label : `${choice.value} · ${choice.label}`}
          </span>
          {onRemove && (
            <button
              type="button"
              aria-label={t('customDialog:dialog.remove', { name: choice.label })}
              onClick={() => onRemove(choice)}
            >
              ×
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}
