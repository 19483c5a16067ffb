import { css } from '@emotion/react';
import { useState, type FormEvent } from 'react';
import {
  favouriteFlows,
  flowList,
  saveFavourites,
  startRights,
  type FlowDefinition,
} from '../../core/api/workflow';
import { ApiError } from '../../core/http';
import { notify } from '../../core/notices';
import { queryFilter } from '../../core/workflow/query';
import { toggleFavourite } from '../../core/workflow/starter';
import { Button } from '../../ui/Button';
import { controlStyle } from '../../ui/Field';
import { useLanguage, useT } from '../../ui/i18n';
import { useNavigate } from '../../ui/navigate';
import { LoadFailed, Loading } from '../../ui/Status';
import { vars } from '../../ui/theme';
import { useAsync } from '../../ui/useAsync';
import { StarterChoiceDialog } from '../../ui/workflow/StarterChoice';
import { pageStyle, panelStyle, toolbarStyle } from '../../ui/workflow/styles';

const cards = css`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(220px, 1fr));
  gap: 12px;
  margin: 0 0 18px;
  padding: 0;
  list-style: none;
`;

const card = css`
  position: relative;
  border: 1px solid ${vars.border};
  border-left: 4px solid var(--category-color, ${vars.primary});
  border-radius: ${vars.radius};
  background: ${vars.surface};
  .start {
    display: block;
    width: 100%;
    padding: 12px 36px 12px 14px;
    border: 0;
    background: none;
    font: inherit;
    text-align: left;
    cursor: pointer;
  }
  .start:hover strong {
    color: ${vars.primary};
  }
  strong {
    display: block;
    margin-bottom: 4px;
  }
  small {
    display: -webkit-box;
    -webkit-line-clamp: 2;
    -webkit-box-orient: vertical;
    overflow: hidden;
    color: ${vars.textMuted};
  }
  .star {
    position: absolute;
    top: 8px;
    right: 8px;
    border: 0;
    background: none;
    cursor: pointer;
    font-size: 18px;
    line-height: 1;
    color: #c0c4cc;
  }
  .star[aria-pressed='true'] {
    color: #f5a623;
  }
`;

const heading = css`
  font-size: 15px;
  margin: 0 0 10px;
  display: flex;
  align-items: center;
  gap: 8px;
  &::before {
    content: '';
    width: 4px;
    height: 14px;
    border-radius: 2px;
    background: var(--category-color, ${vars.primary});
  }
`;

const emptyStyle = css`
  text-align: center;
  padding: 40px 0;
  color: ${vars.textMuted};
  strong {
    display: block;
    color: ${vars.text};
    font-size: 16px;
    margin-bottom: 6px;
  }
`;

/** The colour of a category: its icon is JSON such as {"color":"#1890ff"}. */
function colourOf(icon: string | undefined): string | undefined {
  try {
    const colour = (JSON.parse(icon ?? '') as { color?: unknown }).color;
    return typeof colour === 'string' && /^#[0-9a-f]{3,8}$/i.test(colour) ? colour : undefined;
  } catch {
    return undefined;
  }
}

export function FlowList({ compact = false }: { compact?: boolean }) {
  const t = useT();
  const language = useLanguage();
  const navigate = useNavigate();
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [choosing, setChoosing] = useState<FlowDefinition | null>(null);
  const groups = useAsync(
    () => flowList(queryFilter({ page: 1, pageSize: 500, search, searchIn: ['name', 'defKey'] })),
    [search, language],
  );
  const favourites = useAsync(favouriteFlows, [language]);
  const favouriteKeys = favourites.data?.map((flow) => flow.defKey) ?? [];

  const star = async (flow: FlowDefinition) => {
    const next = toggleFavourite(favouriteKeys, flow.defKey);
    if ('failure' in next) return notify('warning', t(next.failure.key));
    try {
      notify('success', await saveFavourites(next.keys));
      favourites.reload();
    } catch (failure) {
      notify(
        'error',
        failure instanceof ApiError && failure.message
          ? failure.message
          : t('workflow:starter.favouriteSaveFailed'),
      );
    }
  };
  // The start right is checked first (non-admin users; the server lets the admin through).
  const start = async (flow: FlowDefinition) => {
    try {
      const rights = await startRights(flow.defKey);
      if (rights.value === false)
        return notify('error', rights.message || t('workflow:starter.noRights'));
    } catch (failure) {
      return notify(
        'error',
        failure instanceof ApiError ? failure.message : t('common:errors.failed'),
      );
    }
    if (flow.leaders?.length) setChoosing(flow);
    else navigate(`/agentStart/${encodeURIComponent(flow.id)}/0`);
  };

  const flowCard = (flow: FlowDefinition, colour: string | undefined) => {
    const favourite = favouriteKeys.includes(flow.defKey);
    return (
      <li
        key={flow.id}
        css={card}
        style={colour ? ({ '--category-color': colour } as object) : undefined}
        data-flow={flow.defKey}
      >
        <button
          type="button"
          className="start"
          onClick={() => void start(flow)}
          data-action="start-flow"
        >
          <strong>{flow.name}</strong>
          <small>{flow.desc}</small>
        </button>
        <button
          type="button"
          className="star"
          aria-pressed={favourite}
          aria-label={t(
            favourite ? 'workflow:starter.removeFavourite' : 'workflow:starter.addFavourite',
          )}
          title={t(
            favourite ? 'workflow:starter.removeFavourite' : 'workflow:starter.addFavourite',
          )}
          onClick={() => void star(flow)}
          data-action="favourite"
        >
          {favourite ? '★' : '☆'}
        </button>
      </li>
    );
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSearch(typed);
  };
  const content = (
    <>
      <form css={toolbarStyle} onSubmit={submit} role="search" part="search">
        <input
          css={controlStyle}
          type="search"
          name="search"
          value={typed}
          placeholder={t('workflow:list.searchFlows')}
          aria-label={t('workflow:list.search')}
          onChange={(event) => setTyped(event.target.value)}
        />
        <Button type="submit" variant="primary" data-action="search">
          {t('workflow:list.search')}
        </Button>
      </form>
      <section part="favourites" data-favourites={favouriteKeys.length}>
        <h3 css={heading}>{t('workflow:starter.favourites')}</h3>
        {favourites.data?.length ? (
          <ul css={cards}>{favourites.data.map((flow) => flowCard(flow, undefined))}</ul>
        ) : (
          <p css={{ color: vars.textMuted, margin: '0 0 18px' }}>
            {t('workflow:starter.noFavourites')}
          </p>
        )}
      </section>
      <section part="categories">
        {groups.loading && !groups.data ? (
          <Loading />
        ) : groups.error ? (
          <LoadFailed error={groups.error} onRetry={groups.reload} />
        ) : groups.data?.length ? (
          groups.data.map((group) => {
            const colour = colourOf(group.icon);
            return (
              <div
                key={group.id}
                data-category={group.code}
                style={colour ? ({ '--category-color': colour } as object) : undefined}
              >
                <h3 css={heading}>{group.name}</h3>
                <ul css={cards}>{group.flowList.map((flow) => flowCard(flow, colour))}</ul>
              </div>
            );
          })
        ) : (
          <div css={emptyStyle} data-state="no-flows">
            <strong>{t('workflow:starter.emptyTitle')}</strong>
            <span>{t('workflow:starter.emptyHint')}</span>
          </div>
        )}
      </section>
      <StarterChoiceDialog
        flow={choosing}
        onClose={() => setChoosing(null)}
        onChosen={(flow, leaderId) =>
          navigate(`/agentStart/${encodeURIComponent(flow.id)}/${encodeURIComponent(leaderId)}`)
        }
      />
    </>
  );
  if (compact) return content;
  return (
    <div css={pageStyle}>
      <section css={panelStyle}>
        <h2>{t('workflow:starter.title')}</h2>
        {content}
      </section>
    </div>
  );
}
