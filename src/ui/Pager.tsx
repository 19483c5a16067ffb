import { css } from '@emotion/react';
import { pagesOf } from '../core/workflow/query';
import { Button } from './Button';
import { useT } from './i18n';
import { vars } from './theme';

const pager = css`
  display: flex;
  align-items: center;
  justify-content: flex-end;
  gap: 10px;
  margin-top: 10px;
  font-size: 13px;
  color: ${vars.textMuted};
  button {
    height: 30px;
    padding: 0 12px;
  }
`;

/**
 * Previous and next over server pages, with the total the server counted. While an answer is
 * on its way (`loading`, or no total yet) it says so instead of a count that is not the
 * answer's (never 共 0 条 before the first answer, issue 13 item 6).
 */
export function Pager({
  page,
  pageSize,
  onPage,
  countText,
  ...counted
}: {
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  /** The total as the list words it instead of 共 N 条 (an estimate: 共约 N 行). */
  countText?: string | undefined;
} & (
  | {
      /** Undefined until the first answer is here. */
      total: number | undefined;
      loading?: boolean;
    }
  /** A list's useAsync state: its total and whether a new answer is on its way. */
  | { answer: { data?: { total: number }; loading: boolean } }
)) {
  const t = useT();
  const [total, loading] =
    'answer' in counted
      ? [counted.answer.data?.total, counted.answer.loading]
      : [counted.total, counted.loading ?? false];
  const known = total !== undefined && !loading;
  const pages = pagesOf(total ?? 0, pageSize);
  return (
    <nav css={pager} part="pager" aria-label={t('common:paging.page', { page, total: pages })}>
      <span
        data-total={known ? total : undefined}
        data-loading={known ? undefined : true}
        aria-live="polite"
      >
        {known
          ? (countText ?? t('common:table.count', { count: total }))
          : t('common:states.loading')}
      </span>
      <Button onClick={() => onPage(page - 1)} disabled={page <= 1} data-action="previous-page">
        {t('common:paging.previous')}
      </Button>
      <span data-page={page}>{t('common:paging.page', { page, total: pages })}</span>
      <Button
        onClick={() => onPage(page + 1)}
        disabled={!known || page >= pages}
        data-action="next-page"
      >
        {t('common:paging.next')}
      </Button>
    </nav>
  );
}
