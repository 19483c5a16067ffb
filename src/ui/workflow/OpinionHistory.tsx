import { css } from '@emotion/react';
import { useStore } from '@nanostores/react';
import { parseFiles, type OpinionRecord } from '../../core/api/workflow';
import { $session } from '../../core/session';
import { useT } from '../i18n';
import { vars } from '../theme';
import { FileChips } from './FileChips';
import { linkStyle } from './styles';

const list = css`
  list-style: none;
  margin: 0;
  padding: 0;
  li {
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

/**
 * Every action on the instance, oldest first: when, node, who (and for whom), the action,
 * the opinion and its files.
 */
export function OpinionHistory({
  records,
  canCallBack,
  onCallBack,
}: {
  records: readonly OpinionRecord[];
  canCallBack?: boolean;
  onCallBack?: (record: OpinionRecord) => void;
}) {
  const t = useT();
  const session = useStore($session);
  if (!records.length) return <p data-state="empty">{t('workflow:task.noHistory')}</p>;
  return (
    <ol css={list} part="history" data-records={records.length}>
      {records.map((record) => {
        const forLeader =
          record.operatorId && record.auditor && record.operatorId !== record.auditor;
        const callBack =
          canCallBack && record.operatorId === session?.userId && childRevokeCall(record);
        return (
          <li key={record.id} data-record={record.id} data-action={record.status}>
            <span className="when">{record.createTime}</span>
            <span>
              <span>{record.taskName}</span>
              {' · '}
              <span className="who">
                {forLeader
                  ? t('workflow:task.operator', {
                      operator: record.operatorName,
                      auditor: record.auditorName,
                    })
                  : record.auditorName}
              </span>
              <span className="action">{record.statusName || record.status}</span>
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
            {(record.opinion || record.files) && (
              <div className="opinion">
                {record.opinion}
                <FileChips files={parseFiles(record.files)} />
              </div>
            )}
          </li>
        );
      })}
    </ol>
  );
}
