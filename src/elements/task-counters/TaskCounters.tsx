import { css } from '@emotion/react';
import { useStore } from '@nanostores/react';
import { useMemo } from 'react';
import { infoMap, type InfoMap } from '../../core/api/workflow';
import { $config } from '../../core/config';
import { Alert } from '../../ui/Alert';
import { useHostMethods } from '../../ui/element/context';
import { useLanguage, useT } from '../../ui/i18n';
import { useNavigate } from '../../ui/navigate';
import { vars } from '../../ui/theme';
import { useAsync } from '../../ui/useAsync';
import { forALeader, taskEvents, useLive } from '../../ui/useLive';

/** What moves a counter: the to-do list, messages, results, the unread mail. */
const counterEvents = [...taskEvents, 'message', 'result', 'mail'] as const;

const grid = css`
  display: grid;
  grid-template-columns: repeat(5, minmax(0, 1fr));
  gap: 12px;
  @media (max-width: 700px) {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
  button {
    position: relative;
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: 8px;
    padding: 8px 24px 8px 14px;
    border: 1px solid ${vars.border};
    border-radius: ${vars.radius};
    background: ${vars.surfaceMuted};
    font: inherit;
    text-align: left;
    cursor: pointer;
    color: ${vars.textMuted};
  }
  button:hover {
    border-color: ${vars.primary};
  }
  strong {
    font-size: 22px;
    line-height: 1.25;
    color: ${vars.text};
  }
  .dot {
    position: absolute;
    top: 8px;
    right: 10px;
    width: 8px;
    height: 8px;
    border-radius: 50%;
    background: ${vars.danger};
  }
`;

type Entry = {
  id: 'todo' | 'done' | 'request' | 'draft' | 'email';
  /** A counter box of the answer (its other fields name the caller). */
  box: Exclude<keyof InfoMap, 'userId' | 'fullname'>;
  path: (product: string) => string;
};

/** The spec's quick-entry targets (spec/workflow-office.md section 2.2). */
const entries: Entry[] = [
  { id: 'todo', box: 'myTaks', path: (product) => `/v-flow/v-${product}Todo?curr=todo` },
  { id: 'done', box: 'myAlready', path: (product) => `/v-flow/v-${product}Done` },
  { id: 'request', box: 'myRequest', path: () => '/v-flow/v-request' },
  { id: 'draft', box: 'myDraft', path: () => '/v-flow/v-draft' },
  // Unread mail (docs/mail.md): the server's myEmail box.
  { id: 'email', box: 'myEmail', path: () => '/v-mail/mailList' },
];

export function TaskCounters({ columnAlias }: { columnAlias?: string }) {
  const t = useT();
  const language = useLanguage();
  const navigate = useNavigate();
  const product = useStore($config).product;
  const counts = useAsync(infoMap, [language]);
  useHostMethods(useMemo(() => ({ refresh: counts.reload }), [counts.reload]));
  useLive(counterEvents, (event) => {
    if (!forALeader(event)) counts.reload();
  });
  return (
    <nav aria-label={t('workflow:counters.label')} data-column-alias={columnAlias}>
      {counts.error && <Alert>{counts.error.message}</Alert>}
      <div css={grid}>
        {entries
          // A server without mail has no myEmail box: its counter is absent, not broken.
          .filter((entry) => entry.id !== 'email' || !counts.data || counts.data.myEmail)
          .map((entry) => {
            const count = counts.data?.[entry.box]?.data ?? 0;
            return (
              <button
                key={entry.id}
                type="button"
                part="entry"
                data-counter={entry.id}
                data-count={counts.data ? count : undefined}
                onClick={() => navigate(entry.path(product))}
              >
                {count !== 0 && <span className="dot" data-dot aria-hidden />}
                <span>{t(`workflow:counters.${entry.id}`)}</span>
                <strong>{counts.data ? count : '–'}</strong>
              </button>
            );
          })}
      </div>
    </nav>
  );
}
