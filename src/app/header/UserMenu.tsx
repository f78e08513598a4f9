import { useTranslation } from 'react-i18next';
import { AriaRouter } from '../../ui/AriaRouter';
import { Button, Header, Menu, MenuItem, MenuSection, MenuTrigger, Popover, Separator } from 'react-aria-components';
import { useCurrentUser } from '../../api/session/hooks';
import { companySwitcher } from '../../features/company-switcher';
import { paths } from '../../lib/paths';
import { useLogout } from '../sync/use-logout';

const itemClass =
  'flex min-h-11 cursor-pointer items-center gap-3 rounded-md px-3 text-base text-gray-900 no-underline outline-none data-focused:bg-primary-50 data-focused:text-primary-900 dark:text-gray-100 dark:data-focused:bg-gray-800 dark:data-focused:text-white';

export function UserMenu() {
  const { t } = useTranslation('layout');
  const { data: user } = useCurrentUser();
  const fullName = user ? `${user.firstName} ${user.lastName}` : '';
  const initials = user ? `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toLocaleUpperCase('sv-SE') : '';
  // Asks first when changes made on this device have not been sent yet.
  const { requestLogout, dialog: logoutQuestion } = useLogout();

  return (
    <AriaRouter>
      <MenuTrigger>
        <Button
          aria-label={user ? t('header.userMenu', { name: fullName }) : t('header.userMenuFallback')}
          className="flex min-h-11 items-center gap-2 rounded-lg px-1.5 text-sm font-semibold text-gray-900 hover:bg-gray-100 data-focus-visible:outline-2 data-focus-visible:outline-offset-2 data-focus-visible:outline-primary-600 sm:px-2 dark:text-gray-100 dark:hover:bg-gray-800 dark:data-focus-visible:outline-primary-300"
        >
          <span
            aria-hidden="true"
            className="flex size-9 items-center justify-center rounded-full bg-primary-700 text-sm font-bold text-white dark:bg-primary-300 dark:text-gray-950"
          >
            {initials || '…'}
          </span>
          <span className="hidden max-w-32 truncate md:inline">{user?.firstName}</span>
          <svg
            viewBox="0 0 20 20"
            fill="currentColor"
            className="hidden size-4 text-gray-500 md:block dark:text-gray-400"
            aria-hidden="true"
          >
            <path d="M5.22 8.22a.75.75 0 0 1 1.06 0L10 11.94l3.72-3.72a.75.75 0 1 1 1.06 1.06l-4.25 4.25a.75.75 0 0 1-1.06 0L5.22 9.28a.75.75 0 0 1 0-1.06Z" />
          </svg>
        </Button>
        <Popover
          placement="bottom end"
          offset={6}
          className="w-64 rounded-xl border border-gray-200 bg-white p-1.5 shadow-xl outline-none dark:border-gray-700 dark:bg-gray-900"
        >
          <Menu
            className="outline-none"
            onAction={(key) => {
              if (key === 'switch') companySwitcher.open();
              if (key === 'logout') requestLogout();
            }}
          >
            <MenuSection>
              <Header className="px-3 pt-2 pb-2.5">
                <span className="block text-xs text-gray-600 dark:text-gray-400">{t('userMenu.signedInAs')}</span>
                <span className="block truncate font-semibold text-gray-950 dark:text-white">{fullName}</span>
                <span className="block truncate text-sm text-gray-700 dark:text-gray-300">{user?.email}</span>
              </Header>
              <MenuItem id="profile" href={paths.profile} className={itemClass}>
                {t('userMenu.profile')}
              </MenuItem>
              <MenuItem id="settings" href={paths.settings} className={itemClass}>
                {t('userMenu.settings')}
              </MenuItem>
              <MenuItem id="switch" className={itemClass}>
                {t('userMenu.switchCompany')}
              </MenuItem>
            </MenuSection>
            <Separator className="my-1.5 border-t border-gray-200 dark:border-gray-700" />
            <MenuItem id="logout" className={itemClass}>
              {t('userMenu.logout')}
            </MenuItem>
          </Menu>
        </Popover>
      </MenuTrigger>
      {logoutQuestion}
    </AriaRouter>
  );
}
