import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { logout } from '../../core/api/auth';
import { fileUrl, frontSettings, parseAttachments } from '../../core/api/portal';
import { greetingText, tenantLogo } from '../../core/api/shell';
import { greetingKey } from '../../core/greeting';
import { $session } from '../../core/session';
import { Dialog } from '../../ui/Dialog';
import { useEmit } from '../../ui/element/context';
import { Icon } from '../../ui/icons';
import { useLanguage, useT } from '../../ui/i18n';
import { PasswordChangeForm } from '../../ui/password/PasswordChangeForm';
import { useAsync } from '../../ui/useAsync';
import { AppSearch } from './AppSearch';
import { Assets, PersonalInfo } from './dialogs';
import { Marquee } from './Marquee';
import { bar, userMenu } from './styles';

type Open = null | 'info' | 'password' | 'assets';
type MenuItem = 'personal-info' | 'change-password' | 'assets' | 'logout';

/** The user menu: personal info, change password, personal assets, log out. */
const menuItems: [MenuItem, string][] = [
  ['personal-info', 'shell:topBar.personalInfo'],
  ['change-password', 'shell:topBar.changePassword'],
  ['assets', 'shell:topBar.assets'],
  ['logout', 'shell:topBar.logout'],
];
const dialogOf: Record<Exclude<MenuItem, 'logout'>, Open> = {
  'personal-info': 'info',
  'change-password': 'password',
  assets: 'assets',
};

/** The logo: the tenant's front logo when there is one, else the system's. */
async function logoFileId(tenantId?: string): Promise<string | undefined> {
  if (tenantId) {
    const logo = parseAttachments(await tenantLogo(tenantId).catch(() => '[]'))[0];
    if (logo) return logo.id;
  }
  return parseAttachments((await frontSettings()).frontLogo)[0]?.id;
}

export function TopBar({ tenantId }: { tenantId?: string }) {
  const t = useT();
  const emit = useEmit();
  const session = useStore($session);
  const logo = useAsync(
    () => logoFileId(tenantId ?? session?.tenantId),
    [tenantId, session?.tenantId],
  );
  const language = useLanguage();
  // The server answers the greeting in the reader's language: asked again when it changes.
  const greeting = useAsync(
    () => (session ? greetingText().catch(() => '') : Promise.resolve('')),
    [session?.account, language],
  );
  const [menuOpen, setMenuOpen] = useState(false);
  const [dialog, setDialog] = useState<Open>(null);
  const [hour, setHour] = useState(() => new Date().getHours());
  const menu = useRef<HTMLDivElement>(null);

  // The greeting follows the clock (checked each minute).
  useEffect(() => {
    const timer = setInterval(() => setHour(new Date().getHours()), 60_000);
    return () => clearInterval(timer);
  }, []);
  useEffect(() => {
    const close = (event: Event) => {
      if (!event.composedPath().includes(menu.current!)) setMenuOpen(false);
    };
    document.addEventListener('click', close);
    return () => document.removeEventListener('click', close);
  }, []);

  // Focus goes back to the menu's button before the menu closes: a dialog opened from the
  // menu then returns focus there when it closes (the chosen item no longer exists).
  const focusMenuButton = () => menu.current?.querySelector('button')?.focus();
  const closeDialog = () => setDialog(null);

  const chooseItem = async (item: MenuItem) => {
    focusMenuButton();
    setMenuOpen(false);
    if (item !== 'logout') return setDialog(dialogOf[item]);
    await logout();
    emit('atrium-logout', null);
  };

  return (
    <header css={bar}>
      <button
        type="button"
        className="icon-button menu-button"
        aria-label={t('shell:topBar.menu')}
        title={t('shell:topBar.menu')}
        onClick={() => emit('atrium-menu-toggle', null)}
        part="menu-button"
        data-action="menu"
      >
        <Icon name="menu" size={20} />
      </button>
      <div className="logo" part="logo">
        {logo.data && (
          <img
            src={fileUrl(logo.data, true)}
            alt={t('common:productName')}
            width={240}
            height={64}
          />
        )}
      </div>
      <AppSearch />
      <div className="spacer" />
      <button
        type="button"
        className="icon-button"
        onClick={() => emit('atrium-tour-start', null)}
        data-action="tour"
      >
        <Icon name="compass" size={18} />
        {t('shell:topBar.guide')}
      </button>
      <span className="greeting" part="greeting" data-field="greeting">
        {t('shell:topBar.greeting', {
          greeting: t(greetingKey(hour)),
          name: session?.username ?? '',
        })}
      </span>
      <Marquee text={greeting.data ?? ''} />
      <div
        ref={menu}
        css={userMenu}
        // Escape closes the open menu, from its button or its items, back to the button.
        onKeyDown={(event) => {
          if (event.key !== 'Escape' || !menuOpen) return;
          focusMenuButton();
          setMenuOpen(false);
        }}
      >
        <button
          type="button"
          className="icon-button"
          aria-haspopup="menu"
          aria-expanded={menuOpen}
          // Its name is what it shows, the account (WCAG 2.5.3, label in name); the avatar's
          // letter is hidden, aria-haspopup says it opens a menu.
          title={t('shell:topBar.userMenu')}
          onClick={() => setMenuOpen((open) => !open)}
          part="user"
          data-action="user-menu"
        >
          <span className="avatar" aria-hidden>
            {(session?.username ?? '?').slice(0, 1)}
          </span>
          <span className="account">{session?.account}</span>
        </button>
        {menuOpen && (
          <ul role="menu">
            {menuItems.map(([key, label]) => (
              <li role="none" key={key}>
                <button
                  type="button"
                  role="menuitem"
                  onClick={() => void chooseItem(key)}
                  data-action={key}
                >
                  {t(label)}
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      {dialog === 'info' && <PersonalInfo onClose={closeDialog} />}
      {dialog === 'assets' && <Assets onClose={closeDialog} />}
      {dialog === 'password' && (
        <Dialog open title={t('shell:topBar.changePassword')} onClose={closeDialog}>
          <PasswordChangeForm onDone={closeDialog} onCancel={closeDialog} />
        </Dialog>
      )}
    </header>
  );
}
