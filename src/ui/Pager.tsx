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

/** Previous and next over server pages, with the total the server counted. */
export function Pager({
  page,
  pageSize,
  total,
  onPage,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const t = useT();
  const pages = pagesOf(total, pageSize);
  return (
    <nav css={pager} part="pager" aria-label={t('common:paging.page', { page, total: pages })}>
      <span data-total={total}>{t('common:table.count', { count: total })}</span>
      <Button onClick={() => onPage(page - 1)} disabled={page <= 1} data-action="previous-page">
        {t('common:paging.previous')}
      </Button>
      <span data-page={page}>{t('common:paging.page', { page, total: pages })}</span>
      <Button onClick={() => onPage(page + 1)} disabled={page >= pages} data-action="next-page">
        {t('common:paging.next')}
      </Button>
    </nav>
  );
}
