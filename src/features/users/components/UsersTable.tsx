import { useTranslation } from 'react-i18next';
import type { CompanyCustomer, CustomerStatus } from '../../../../contract/customer';
import { editUserPath } from '../../../lib/paths';
import { cx } from '../../../ui/cx';
import { Link } from '../../../ui/Link';

const statusClass: Record<CustomerStatus, string> = {
  active: 'bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-100',
  pending: 'bg-amber-100 text-amber-950 dark:bg-amber-950 dark:text-amber-50',
  inactive: 'bg-gray-200 text-gray-800 dark:bg-gray-700 dark:text-gray-100',
};

interface UsersTableProps {
  users: CompanyCustomer[];
  caption: string;
  currentUserId: string | undefined;
}

/**
 * The users of the company; the name leads to the edit screen. On a phone each user is a card (`card-table`, decision
 * 0065): the name heads it, e-mail, phone, roles and status are labelled beneath.
 */
export function UsersTable({ users, caption, currentUserId }: UsersTableProps) {
  const { t } = useTranslation('users');
  const { t: tc } = useTranslation();
  const th = 'px-4 py-3 text-left text-sm font-semibold text-gray-800 dark:text-gray-100';
  const td = 'px-4 py-3 align-top text-gray-800 dark:text-gray-200';
  return (
    <div
      className="overflow-x-auto rounded-2xl border border-gray-200 bg-white shadow-sm focus-visible:outline-2 focus-visible:outline-primary-600 dark:border-gray-700 dark:bg-gray-900"
      // Focusable, so a keyboard user can scroll the table sideways between a phone's cards and a desktop's room.
      tabIndex={0}
      role="region"
      aria-label={caption}
    >
      <table role="table" className="card-table w-full border-collapse sm:min-w-[40rem]">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-gray-200 bg-gray-50 dark:border-gray-700 dark:bg-gray-800/60">
          <tr role="row">
            <th scope="col" role="columnheader" className={th}>
              {t('table.name')}
            </th>
            <th scope="col" role="columnheader" className={th}>
              {t('table.email')}
            </th>
            <th scope="col" role="columnheader" className={th}>
              {t('table.phone')}
            </th>
            <th scope="col" role="columnheader" className={th}>
              {t('table.roles')}
            </th>
            <th scope="col" role="columnheader" className={th}>
              {t('table.status')}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-200 dark:divide-gray-700">
          {users.map((user) => {
            const name = `${user.firstName} ${user.lastName}`.trim() || user.email;
            return (
              <tr key={user.id} role="row" data-testid="user-row">
                <th scope="row" role="rowheader" className={cx(td, 'text-left font-semibold')}>
                  <Link
                    href={editUserPath(user.id)}
                    aria-label={t('table.editLabel', { name })}
                    className="inline-flex min-h-11 items-center sm:inline sm:min-h-0"
                  >
                    {name}
                  </Link>
                  {user.id === currentUserId && (
                    <span className="ml-1 text-sm font-normal text-gray-600 dark:text-gray-400">
                      ({t('table.you')})
                    </span>
                  )}
                </th>
                <td role="cell" data-label={t('table.email')} className={cx(td, 'break-all')}>
                  {user.email}
                </td>
                <td role="cell" data-label={t('table.phone')} className={cx(td, 'whitespace-nowrap')}>
                  {user.phone ?? '–'}
                </td>
                <td role="cell" data-label={t('table.roles')} className={td}>
                  {user.roles.map((role) => tc(`roles.${role}` as never, { defaultValue: role })).join(', ')}
                </td>
                <td role="cell" data-label={t('table.status')} className={td}>
                  <span
                    className={cx(
                      'inline-flex rounded-full px-2.5 py-0.5 text-sm font-medium whitespace-nowrap',
                      statusClass[user.status],
                    )}
                  >
                    {t(`common:userStatus.${user.status}`)}
                  </span>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
