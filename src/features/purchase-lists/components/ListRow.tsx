import { useTranslation } from 'react-i18next';
import { Button, Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';
import { formatShortDate } from '../../../../contract/rules/swedish-dates';
import { paths } from '../../../lib/paths';
import { Anchor } from '../../../ui/Link';
import type { MirrorList } from '../../../offline';
import { useListDialogs } from './ListDialogs';
import { PendingBadge } from './PendingBadge';

const menuItemClass =
  'flex min-h-11 cursor-pointer items-center gap-3 rounded-md px-3 text-base text-gray-900 outline-none data-focused:bg-primary-50 data-focused:text-primary-900 dark:text-gray-100 dark:data-focused:bg-gray-800 dark:data-focused:text-white';

/** One list in the overview: its name (a link to it), what is on it, a pending marker, and its actions. */
export function ListRow({ list }: { list: MirrorList }) {
  const { t } = useTranslation('purchase-lists');
  const { open, dialogs } = useListDialogs(list);
  const meta = [
    t('itemCount', { count: list.itemCount }),
    t('updated', { date: formatShortDate(list.updatedAt) }),
    list.createdBy ? t('createdBy', { name: list.createdBy }) : null,
  ].filter(Boolean);

  return (
    <li
      data-testid="purchase-list-row"
      data-list-id={list.id}
      className="relative flex items-center gap-3 rounded-xl border border-gray-200 bg-white p-4 transition-colors focus-within:border-primary-400 hover:border-primary-400 dark:border-gray-700 dark:bg-gray-900 dark:focus-within:border-primary-500 dark:hover:border-primary-500"
    >
      <span className="hidden size-10 shrink-0 items-center justify-center rounded-lg bg-primary-100 text-primary-800 sm:flex dark:bg-primary-900 dark:text-primary-100">
        <svg viewBox="0 0 20 20" className="size-5" fill="currentColor" aria-hidden="true">
          <path d="M5 3h10a1 1 0 0 1 1 1v13l-6-3-6 3V4a1 1 0 0 1 1-1Z" />
        </svg>
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <Anchor
            href={`${paths.purchaseLists}/${list.id}`}
            className="rounded-sm text-lg font-semibold break-words text-gray-950 no-underline outline-none after:absolute after:inset-0 after:rounded-xl focus-visible:after:outline-2 focus-visible:after:outline-offset-2 focus-visible:after:outline-primary-600 hover:text-primary-800 dark:text-white dark:hover:text-primary-200"
          >
            {list.name}
          </Anchor>
          {list.pending && <PendingBadge />}
        </div>
        <p className="mt-0.5 text-sm text-gray-700 dark:text-gray-300">{meta.join(' · ')}</p>
      </div>
      <MenuTrigger>
        <Button
          aria-label={t('overview.actions', { name: list.name })}
          className="relative z-10 inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-gray-700 hover:bg-gray-100 data-focus-visible:outline-2 data-focus-visible:outline-primary-600 dark:text-gray-200 dark:hover:bg-gray-800 dark:data-focus-visible:outline-primary-300"
        >
          <svg viewBox="0 0 20 20" className="size-5" fill="currentColor" aria-hidden="true">
            <path d="M10 3a1.5 1.5 0 1 1 0 3 1.5 1.5 0 0 1 0-3Zm0 5.5a1.5 1.5 0 1 1 0 3 1.5 1.5 0 0 1 0-3ZM11.5 15.5a1.5 1.5 0 1 0-3 0 1.5 1.5 0 0 0 3 0Z" />
          </svg>
        </Button>
        <Popover
          placement="bottom end"
          offset={4}
          className="w-52 rounded-xl border border-gray-200 bg-white p-1.5 shadow-xl outline-none dark:border-gray-700 dark:bg-gray-900"
        >
          <Menu className="outline-none" onAction={(key) => open(key as 'rename' | 'delete')}>
            <MenuItem id="rename" className={menuItemClass}>
              {t('rename.action')}
            </MenuItem>
            <MenuItem
              id="delete"
              className={`${menuItemClass} text-red-800 data-focused:bg-red-50 data-focused:text-red-900 dark:text-red-300 dark:data-focused:bg-red-950`}
            >
              {t('delete.action')}
            </MenuItem>
          </Menu>
        </Popover>
      </MenuTrigger>
      {dialogs}
    </li>
  );
}
