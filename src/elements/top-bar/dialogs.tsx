import { useState } from 'react';
import { currentUserDetail } from '../../core/api/auth';
import { assetDetails, assetNames, switchMasterOrg } from '../../core/api/shell';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { useT } from '../../ui/i18n';
import { Empty, Loading } from '../../ui/Status';
import { useAsync } from '../../ui/useAsync';
import { detailList } from './styles';

/** Status 1 normal, 0 disabled, −1 not activated, anything else resigned. */
export const statusKey = (status: number) =>
  `shell:info.statuses.${[1, 0, -1].includes(status) ? status : 'other'}`;

export function PersonalInfo({ onClose }: { onClose: () => void }) {
  const t = useT();
  const detail = useAsync(() => currentUserDetail(), []);
  const [message, setMessage] = useState('');
  const user = detail.data;
  return (
    <Dialog open title={t('shell:topBar.personalInfo')} onClose={onClose}>
      {!user ? (
        <Loading />
      ) : (
        <dl css={detailList} data-dialog="personal-info">
          <dt>{t('shell:info.account')}</dt>
          <dd>{user.account}</dd>
          <dt>{t('shell:info.fullname')}</dt>
          <dd>{user.fullname}</dd>
          <dt>{t('shell:info.mobile')}</dt>
          <dd>{user.mobile}</dd>
          <dt>{t('shell:info.email')}</dt>
          <dd>{user.email}</dd>
          <dt>{t('shell:info.sex')}</dt>
          <dd>{user.sex}</dd>
          <dt>{t('shell:info.status')}</dt>
          <dd data-field="status">{t(statusKey(user.status))}</dd>
          <dt>{t('shell:info.address')}</dt>
          <dd data-field="address">{user.address}</dd>
          <dt>{t('shell:info.roles')}</dt>
          <dd data-field="roles">{user.roles.map((role) => role.name).join('、')}</dd>
          <dt>{t('shell:info.orgs')}</dt>
          <dd data-field="orgs">{user.orgs?.map((org) => org.pathname).join('；')}</dd>
          <dt>{t('shell:info.posts')}</dt>
          <dd data-field="posts">
            {user.posts?.map((post) => (
              <div key={post.postId}>
                {post.pathname}{' '}
                {post.isMaster ? (
                  <strong>{t('common:parenthesised', { text: t('shell:info.master') })}</strong>
                ) : (
                  <Button
                    variant="text"
                    onClick={async () => {
                      setMessage(await switchMasterOrg(post.orgId, user.id));
                      detail.reload();
                    }}
                  >
                    {t('shell:info.switchPost')}
                  </Button>
                )}
              </div>
            ))}
            {message && <small>{message}</small>}
          </dd>
        </dl>
      )}
    </Dialog>
  );
}

export function Assets({ onClose }: { onClose: () => void }) {
  const t = useT();
  const summary = useAsync(assetNames, []);
  const [opened, setOpened] = useState<string | null>(null);
  const details = useAsync(
    () => (opened === null ? Promise.resolve([]) : assetDetails(opened)),
    [opened],
  );
  return (
    <Dialog
      open
      title={opened ? t('shell:assets.detailTitle', { name: opened }) : t('shell:assets.title')}
      onClose={onClose}
      width="640px"
    >
      {summary.loading ? (
        <Loading />
      ) : !summary.data?.items.length ? (
        <Empty>{t('shell:assets.none')}</Empty>
      ) : opened === null ? (
        <div data-dialog="assets">
          <p>
            {t('shell:assets.unit')}
            {t('common:colon')}
            {summary.data.dwmc}
          </p>
          <table
            css={{
              width: '100%',
              borderCollapse: 'collapse',
              'th, td': { padding: '6px 8px', borderBottom: '1px solid #eee', textAlign: 'left' },
            }}
          >
            <thead>
              <tr>
                <th>{t('shell:assets.name')}</th>
                <th>{t('shell:assets.count')}</th>
              </tr>
            </thead>
            <tbody>
              {summary.data.items.map((item) => (
                <tr key={item.zcmc}>
                  <td>
                    <Button
                      variant="text"
                      onClick={() => setOpened(item.zcmc)}
                      data-asset={item.zcmc}
                    >
                      {item.zcmc}
                    </Button>
                  </td>
                  <td>{item.count}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <div data-dialog="asset-details">
          <Button variant="text" onClick={() => setOpened(null)}>
            ← {t('common:actions.back')}
          </Button>
          <table
            css={{
              width: '100%',
              borderCollapse: 'collapse',
              'th, td': { padding: '6px 8px', borderBottom: '1px solid #eee', textAlign: 'left' },
            }}
          >
            <thead>
              <tr>
                <th>{t('shell:assets.id')}</th>
                <th>{t('shell:assets.name')}</th>
                <th>{t('shell:assets.model')}</th>
              </tr>
            </thead>
            <tbody>
              {details.data?.map((item) => (
                <tr key={item.zcid}>
                  <td>{item.zcid}</td>
                  <td>{item.zcmc}</td>
                  <td>{item.ggxh}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Dialog>
  );
}
