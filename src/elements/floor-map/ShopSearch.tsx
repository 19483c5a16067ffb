import { css } from '@emotion/react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { mapApi, type SearchHit } from '../../core/api/map';
import { useT } from '../../ui/i18n';
import { vars } from '../../ui/theme';

const box = css`
  position: relative;
  input {
    width: 100%;
    max-width: 360px;
    height: 32px;
    border: 1px solid ${vars.border};
    border-radius: 6px;
    padding: 0 10px;
    box-sizing: border-box;
  }
  ul {
    list-style: none;
    margin: 4px 0 0;
    padding: 4px;
    position: absolute;
    z-index: 1100;
    width: min(360px, 100%);
    background: ${vars.surface};
    border: 1px solid ${vars.border};
    border-radius: 6px;
    box-shadow: 0 4px 16px rgba(0, 0, 0, 0.12);
  }
  li button {
    width: 100%;
    text-align: left;
    border: 0;
    background: none;
    padding: 6px 8px;
    cursor: pointer;
    color: ${vars.text};
  }
  li button:hover,
  li button:focus {
    background: ${vars.surfaceMuted};
  }
`;

/**
 * Finds shops of the store by brand or number, on every floor; a pick focuses the shop.
 * Enter picks the only result, or the one whose number or brand is exactly the text typed;
 * among several others it moves into the list (docs/floor-map.md, "Search"). Arrow keys walk
 * the list, Escape goes back to the box.
 */
export function ShopSearch({ store, onPick }: { store: string; onPick: (hit: SearchHit) => void }) {
  const t = useT();
  const listId = useId();
  const [text, setText] = useState('');
  const [found, setFound] = useState<{ query: string; hits: SearchHit[] } | null>(null);
  const list = useRef<HTMLUListElement>(null);
  const input = useRef<HTMLInputElement>(null);
  // Enter pressed before the answer for the text came: decide when it comes.
  const pending = useRef('');
  const query = text.trim();
  const hits = found && found.query === query ? found.hits : null;
  // While the next answer is on its way the last list stays, so it does not flicker.
  const shown = query && found ? found.hits : null;
  useEffect(() => {
    if (!query) return setFound(null);
    let live = true;
    const timer = setTimeout(() => {
      mapApi.search(store, query).then(
        (answer) => live && setFound({ query, hits: answer }),
        () => live && setFound({ query, hits: [] }),
      );
    }, 200);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [query, store]);
  const pick = (hit: SearchHit) => {
    pending.current = '';
    setText('');
    onPick(hit);
  };
  const buttons = () => [...(list.current?.querySelectorAll('button') ?? [])];
  const decide = (answer: SearchHit[], typed: string) => {
    const exact = answer.filter(
      (hit) =>
        hit.number.toLowerCase() === typed.toLowerCase() ||
        hit.brand.toLowerCase() === typed.toLowerCase(),
    );
    if (answer.length === 1) pick(answer[0]!);
    else if (exact.length === 1) pick(exact[0]!);
    else buttons()[0]?.focus();
  };
  useEffect(() => {
    if (found && pending.current === found.query) {
      pending.current = '';
      decide(found.hits, found.query);
    }
  }, [found]); // eslint-disable-line react-hooks/exhaustive-deps
  const onBoxKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') setText('');
    else if (event.key === 'ArrowDown') {
      event.preventDefault();
      buttons()[0]?.focus();
    } else if (event.key === 'Enter' && query) {
      event.preventDefault();
      if (hits) decide(hits, query);
      else pending.current = query;
    }
  };
  const onListKey = (event: KeyboardEvent<HTMLUListElement>) => {
    const all = buttons();
    const at = all.indexOf(event.target as HTMLButtonElement);
    if (at < 0) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const next = at + (event.key === 'ArrowDown' ? 1 : -1);
      if (next < 0) input.current?.focus();
      else all[Math.min(next, all.length - 1)]?.focus();
    } else if (event.key === 'Escape') input.current?.focus();
  };
  return (
    <div css={box} role="search">
      <input
        ref={input}
        type="search"
        aria-label={t('map:searchLabel')}
        placeholder={t('map:search')}
        value={text}
        maxLength={40}
        aria-controls={shown ? listId : undefined}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onBoxKey}
      />
      {shown && (
        <ul id={listId} ref={list} aria-label={t('map:searchLabel')} onKeyDown={onListKey}>
          {shown.length === 0 && <li>{t('map:noResults')}</li>}
          {shown.map((hit) => (
            <li key={hit.id}>
              <button type="button" onClick={() => pick(hit)}>
                {hit.floor} · {hit.number} {hit.brand}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
