import { useEffect, useRef, useState, type FormEvent } from 'react';
import { searchApps, type AppResult } from '../../core/api/shell';
import { Icon } from '../../ui/icons';
import { useT } from '../../ui/i18n';
import { useNavigate } from '../../ui/navigate';
import { searchBox } from './styles';

/**
 * App search: results open by type (2 report preview, 3 query view, 5 plain path, 6 form
 * preview, 8 agent start); the server answers each with the route to open. Searching with
 * empty text asks the user to type something.
 */
export function AppSearch() {
  const t = useT();
  const navigate = useNavigate();
  const [keyword, setKeyword] = useState('');
  const [results, setResults] = useState<AppResult[] | null>(null);
  const [message, setMessage] = useState('');
  const box = useRef<HTMLFormElement>(null);

  useEffect(() => {
    const close = (event: Event) => {
      if (!event.composedPath().includes(box.current!)) {
        setResults(null);
        setMessage('');
      }
    };
    document.addEventListener('click', close);
    return () => document.removeEventListener('click', close);
  }, []);

  const search = async (event: FormEvent) => {
    event.preventDefault();
    if (!keyword.trim()) {
      setResults(null);
      setMessage(t('shell:topBar.searchEmpty'));
      return;
    }
    try {
      const found = await searchApps(keyword.trim());
      setResults(found);
      setMessage(found.length ? '' : t('shell:topBar.noResults'));
    } catch (error) {
      setResults(null);
      setMessage((error as Error).message);
    }
  };

  const open = (app: AppResult) => {
    setResults(null);
    navigate(app.url);
  };
  const close = () => {
    setResults(null);
    setMessage('');
  };

  return (
    <form
      ref={box}
      css={searchBox}
      onSubmit={search}
      // Escape closes the results, as it closes any list that drops down.
      onKeyDown={(event) => event.key === 'Escape' && close()}
      role="search"
      part="search"
    >
      <Icon name="search" size={18} />
      <input
        type="search"
        name="keyword"
        value={keyword}
        placeholder={t('shell:topBar.searchPlaceholder')}
        aria-label={t('shell:topBar.searchPlaceholder')}
        onChange={(event) => setKeyword(event.target.value)}
      />
      {(results?.length || message) && (
        <ul role="listbox" data-list="apps">
          {message && (
            <li className="message" role="status" data-message>
              {message}
            </li>
          )}
          {results?.map((app) => (
            <li key={app.id} role="option" aria-selected={false}>
              <button
                type="button"
                onClick={() => open(app)}
                data-app-type={app.type}
                data-url={app.url}
              >
                <span className="type">{t(`shell:topBar.types.${app.type}`)}</span>
                {app.name}
              </button>
            </li>
          ))}
        </ul>
      )}
    </form>
  );
}
