import { css } from '@emotion/react';
import { Button } from '../../ui/Button';
import { useT } from '../../ui/i18n';
import { vars } from '../../ui/theme';

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

export function Pager({
  page,
  pages,
  total,
  onPage,
}: {
  page: number;
  pages: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const t = useT();
  return (
    <nav
      css={pager}
      part="pager"
      aria-label={t('shell-elements:customQuery.page', { page, total: pages })}
    >
      <span data-count={total}>{t('shell-elements:customQuery.count', { count: total })}</span>
      {pages > 1 && (
        <>
          <Button onClick={() => onPage(page - 1)} disabled={page <= 1} data-action="previous">
            {t('shell-elements:customQuery.previous')}
          </Button>
          <span data-page={page}>
            {t('shell-elements:customQuery.page', { page, total: pages })}
          </span>
          <Button onClick={() => onPage(page + 1)} disabled={page >= pages} data-action="next">
            {t('shell-elements:customQuery.next')}
          </Button>
        </>
      )}
    </nav>
  );
}
