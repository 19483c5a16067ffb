import { css } from '@emotion/react';
import { useEffect, useId, useState } from 'react';
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

/** Finds shops of the store by brand or number, on every floor; a pick focuses the shop. */
export function ShopSearch({ store, onPick }: { store: string; onPick: (hit: SearchHit) => void }) {
  const t = useT();
  const listId = useId();
  const [text, setText] = useState('');
  const [hits, setHits] = useState<SearchHit[] | null>(null);
  useEffect(() => {
    const query = text.trim();
    if (!query) return setHits(null);
    let live = true;
    const timer = setTimeout(() => {
      mapApi.search(store, query).then(
        (found) => live && setHits(found),
        () => live && setHits([]),
      );
    }, 200);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [text, store]);
  return (
    <div css={box} role="search">
      <input
        type="search"
        aria-label={t('map:searchLabel')}
        placeholder={t('map:search')}
        value={text}
        maxLength={40}
        aria-controls={hits ? listId : undefined}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => event.key === 'Escape' && setText('')}
      />
      {hits && (
        <ul id={listId} aria-label={t('map:searchLabel')}>
          {hits.length === 0 && <li>{t('map:noResults')}</li>}
          {hits.map((hit) => (
            <li key={hit.id}>
              <button
                type="button"
                onClick={() => {
                  setText('');
                  onPick(hit);
                }}
              >
                {hit.floor} · {hit.number} {hit.brand}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
