import { css } from '@emotion/react';
import { useState } from 'react';
import {
  cancelIncident,
  incidentList,
  retryIncident,
  type Incident,
} from '../../core/api/workflow';
import { notify } from '../../core/notices';
import { queryFilter } from '../../core/workflow/query';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { useLanguage, useT } from '../../ui/i18n';
import { useNavigate } from '../../ui/navigate';
import { fittedHeight } from '../../ui/table/RowActions';
import { Table } from '../../ui/table/Table';
import { useAsync } from '../../ui/useAsync';
import { ConfirmDialog } from '../../ui/workflow/ConfirmDialog';
import { Pager } from '../../ui/Pager';
import { linkStyle, pageStyle, panelStyle, toolbarStyle } from '../../ui/workflow/styles';

const pageSize = 20;

/** On a phone the table keeps what room there is: less padding around it. */
const narrow = css`
  @media (max-width: 480px) {
    padding: 8px;
    section {
      padding: 12px;
    }
  }
`;
type State = 'open' | 'resolved';

/** The incidents administrators handle (docs/workflow.md, "Incidents"). */
export function FlowIncidents({ state = 'open' }: { state?: string }) {
  const t = useT();
  const language = useLanguage();
  const navigate = useNavigate();
  const [shown, setShown] = useState<State>(state === 'resolved' ? 'resolved' : 'open');
  const [page, setPage] = useState(1);
  const [cancelling, setCancelling] = useState<Incident | null>(null);
  const [busy, setBusy] = useState('');
  const list = useAsync(
    () => incidentList(queryFilter({ page, pageSize, equal: { state: shown } })),
    [language, shown, page],
  );
  const show = (next: State) => {
    setShown(next);
    setPage(1);
  };
  const retry = async (row: Incident) => {
    setBusy(row.id);
    try {
      notify('success', await retryIncident(row.id));
    } catch {
      // the request layer showed why; the row stays, with its new error
    } finally {
      setBusy('');
      list.reload();
    }
  };
  const actions = (row: Incident) =>
    row.state === 'open' ? (
      <>
        <button
          type="button"
          css={[linkStyle, { marginRight: 12 }]}
          disabled={busy === row.id}
          onClick={() => void retry(row)}
          data-action="retry"
        >
          {t('workflow:incidents.retry')}
        </button>
        <button
          type="button"
          css={linkStyle}
          onClick={() => setCancelling(row)}
          data-action="cancel"
        >
          {t('workflow:incidents.cancel')}
        </button>
      </>
    ) : (
      <span data-resolution={row.resolution} title={row.resolvedTime}>
        {t(`workflow:incidents.how.${row.resolution || 'recovered'}`)}
        {row.resolvedByName ? ` · ${row.resolvedByName}` : ''}
      </span>
    );
  return (
    <div css={[pageStyle, narrow]} data-state={shown}>
      <section css={panelStyle}>
        <h2>{t('workflow:incidents.title')}</h2>
        <p css={{ marginTop: 0, fontSize: 13, opacity: 0.75 }}>{t('workflow:incidents.hint')}</p>
        <div css={toolbarStyle}>
          {/* A tab list holds tabs only: the refresh button sits beside it. */}
          <div role="tablist" css={{ display: 'flex', gap: 8 }}>
            {(['open', 'resolved'] as const).map((id) => (
              <Button
                key={id}
                variant={shown === id ? 'primary' : undefined}
                onClick={() => show(id)}
                role="tab"
                aria-selected={shown === id}
                data-tab={id}
              >
                {t(`workflow:incidents.${id}`)}
              </Button>
            ))}
          </div>
          <span className="grow" />
          <Button onClick={list.reload} data-action="refresh">
            {t('workflow:incidents.refresh')}
          </Button>
        </div>
        {list.error && <Alert>{list.error.message}</Alert>}
        <div part="table">
          <Table<Incident>
            columns={[
              {
                key: 'subject',
                title: t('workflow:columns.subject'),
                width: 190,
                cardTitle: true,
                render: (row) => (
                  <button
                    type="button"
                    css={linkStyle}
                    title={`${row.procDefName} · ${row.subject}`}
                    onClick={() => navigate(`/inst/${row.instId}`)}
                    data-action="open"
                  >
                    {row.subject}
                  </button>
                ),
              },
              { key: 'nodeName', title: t('workflow:incidents.node'), width: 100 },
              {
                key: 'error',
                title: t('workflow:incidents.error'),
                width: 250,
                render: (row) => <span title={row.error}>{row.error}</span>,
              },
              { key: 'kindName', title: t('workflow:incidents.kind'), width: 110 },
              {
                key: 'attempts',
                title: t('workflow:incidents.attempts'),
                width: 70,
                kind: 'number',
              },
              { key: 'applicantName', title: t('workflow:incidents.applicant'), width: 90 },
              { key: 'createTime', title: t('workflow:columns.createTime'), width: 160 },
              {
                key: 'actions',
                title: t(
                  shown === 'open' ? 'workflow:columns.actions' : 'workflow:incidents.resolution',
                ),
                width: 170,
                render: actions,
              },
            ]}
            rows={list.data?.rows ?? []}
            rowKey={(row) => row.id}
            height={fittedHeight(list.data?.rows.length ?? 0, 560, 4)}
            loading={list.loading}
            empty={t('workflow:incidents.none')}
          />
        </div>
        <Pager page={page} pageSize={pageSize} answer={list} onPage={setPage} />
      </section>
      <ConfirmDialog
        open={cancelling !== null}
        name="cancel-incident"
        title={t('workflow:incidents.cancelTitle')}
        message={t('workflow:incidents.cancelConfirm')}
        reasonLabel={t('workflow:incidents.reason')}
        reasonRequired={t('workflow:errors.reasonRequired')}
        onClose={() => setCancelling(null)}
        onConfirm={async (reason) => {
          if (!cancelling) return;
          notify('success', await cancelIncident(cancelling.id, reason));
          setCancelling(null);
          list.reload();
        }}
      />
    </div>
  );
}
