import { css } from '@emotion/react';
import { useStore } from '@nanostores/react';
import {
  parseFiles,
  type FieldChange,
  type OpinionRecord,
  type PendingStep,
} from '../../core/api/workflow';
import { $session } from '../../core/session';
import { useT } from '../i18n';
import { vars } from '../theme';
import { FileChips } from './FileChips';
import { PendingSteps } from './PendingSteps';
import { linkStyle } from './styles';

const list = css`
  list-style: none;
  margin: 0;
  padding: 0;
  > li {
    display: grid;
    grid-template-columns: 170px 1fr;
    gap: 4px 16px;
    padding: 10px 0;
    border-bottom: 1px dashed ${vars.border};
  }
  .when {
    color: ${vars.textMuted};
    font-size: 13px;
  }
  .who {
    font-weight: 600;
  }
  .action {
    margin-left: 8px;
    padding: 0 6px;
    border-radius: 4px;
    background: ${vars.surfaceMuted};
    font-size: 12px;
  }
  .target {
    margin-left: 8px;
  }
  .changes {
    grid-column: 2;
    margin: 0;
    padding-left: 18px;
    color: ${vars.textMuted};
    word-break: break-word;
    font-variant-numeric: tabular-nums;
  }
  .opinion {
    grid-column: 2;
    white-space: pre-wrap;
    word-break: break-word;
  }
`;

/** Children a holder may call back from the history (the waiting task is in no list). */
export function childRevokeCall(
  record: OpinionRecord,
): 'revokeTrans' | 'revokeCustomSign' | 'revokeSignLine' | undefined {
  if (record.status === 'startTrans') return 'revokeTrans';
  if (record.status === 'customSign')
    return record.detail?.signType === 'parallel' ? 'revokeSignLine' : 'revokeCustomSign';
  return undefined;
}

/** Who acted, and for whom: "何佳 代 赵国强（受 郭立新 委托）" through any chain. */
function whoActed(record: OpinionRecord, t: ReturnType<typeof useT>): string {
  const operator = record.operatorName;
  if (record.actingAs && record.actingAsName) {
    return t('workflow:task.operatorVia', {
      operator,
      holder: record.actingAsName,
      auditor: record.auditorName,
    });
  }
  const forSomeone = record.operatorId && record.auditor && record.operatorId !== record.auditor;
  return forSomeone
    ? t('workflow:task.operator', { operator, auditor: record.auditorName })
    : record.auditorName;
}

const shown = (value: unknown, t: ReturnType<typeof useT>) =>
  value === null || value === undefined || value === ''
    ? t('workflow:task.emptyValue')
    : typeof value === 'object'
      ? JSON.stringify(value)
      : String(value);

/** A countersign's result in words, with its counts: 通过（3/3 同意）. */
function SignOutcome({ record }: { record: OpinionRecord }) {
  const t = useT();
  const detail = (record.detail ?? {}) as {
    result?: string;
    agree?: number;
    refuse?: number;
    total?: number;
  };
  if (detail.total === undefined) return null;
  const key =
    detail.result === 'pass' ? 'workflow:signOutcome.pass' : 'workflow:signOutcome.refuse';
  return (
    <span className="target" data-sign-result={detail.result}>
      {t(key, { agree: detail.agree ?? 0, refuse: detail.refuse ?? 0, total: detail.total })}
    </span>
  );
}

/** The fields a formChange record changed, before and after. */
function Changes({ record }: { record: OpinionRecord }) {
  const t = useT();
  if (record.status !== 'formChange') return null;
  const fields = ((record.detail?.fields as FieldChange[] | undefined) ?? []).slice(0, 50);
  return (
    <ul className="changes" data-changes={fields.length}>
      {fields.map((field) => (
        <li key={field.name}>
          {t('workflow:task.changed', {
            label: field.label,
            before: shown(field.before, t),
            after: shown(field.after, t),
          })}
        </li>
      ))}
    </ul>
  );
}

/**
 * Every action on the instance, oldest first: when, node, who (and for whom), the action,
 * the opinion and its files, and what a change of the form changed.
 */
export function OpinionHistory({
  records,
  pending = [],
  canCallBack,
  onCallBack,
}: {
  records: readonly OpinionRecord[];
  /** The steps the request waits on: the timeline's last, pending entry. */
  pending?: readonly PendingStep[];
  canCallBack?: boolean;
  onCallBack?: (record: OpinionRecord) => void;
}) {
  const t = useT();
  const session = useStore($session);
  if (!records.length) return <p data-state="empty">{t('workflow:task.noHistory')}</p>;
  return (
    <ol css={list} part="history" data-records={records.length}>
      {records.map((record) => {
        const callBack =
          canCallBack && record.operatorId === session?.userId && childRevokeCall(record);
        // A countersign's result is nobody's action: no name, and no separator before none.
        const who = whoActed(record, t);
        return (
          <li key={record.id} data-record={record.id} data-action={record.status}>
            <span className="when">{record.createTime}</span>
            <span>
              <span>{record.taskName}</span>
              {who && (
                <>
                  {' · '}
                  <span className="who">{who}</span>
                </>
              )}
              <span className="action">{record.statusName || record.status}</span>
              {record.targetNames && <span className="target">{record.targetNames}</span>}
              {record.status === 'signResult' && <SignOutcome record={record} />}
              {callBack && onCallBack && (
                <button
                  type="button"
                  css={[linkStyle, { marginLeft: 12 }]}
                  onClick={() => onCallBack(record)}
                  data-action="call-back"
                >
                  {t('workflow:task.revokeChildren')}
                </button>
              )}
            </span>
            <Changes record={record} />
            {(record.opinion || record.files) && (
              <div className="opinion">
                {record.opinion}
                <FileChips files={parseFiles(record.files)} />
              </div>
            )}
          </li>
        );
      })}
      {pending.length > 0 && (
        <li data-record="pending" data-action="pending">
          <span className="when">{t('workflow:pending.now')}</span>
          <span>
            <span className="action">{t('workflow:pending.waitingFor')}</span>
            <PendingSteps steps={pending} />
          </span>
        </li>
      )}
    </ol>
  );
}
