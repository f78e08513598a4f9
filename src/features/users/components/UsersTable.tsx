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

/** The users of the company; the name leads to the edit screen. Scrolls sideways on a narrow screen. */
export function UsersTable({ users, caption, currentUserId }: UsersTableProps) {
  const { t } = useTranslation('users');
  const { t: tc } = useTranslation();
  const th = 'px-4 py-3 text-left text-sm font-semibold text-gray-800 dark:text-gray-100';
  const td = 'px-4 py-3 align-top text-gray-800 dark:text-gray-200';
  return (
    <div
      className="overflow-x-auto rounded-2xl border border-gray-200 bg-white shadow-sm focus-visible:outline-2 focus-visible:outline-primary-600 dark:border-gray-700 dark:bg-gray-900"
      // Focusable, so a keyboard user can scroll the table sideways on a phone.
      tabIndex={0}
      role="region"
      aria-label={caption}
    >
      <table className="w-full min-w-[40rem] border-collapse">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-gray-200 bg-gray-50 dark:border-gray-700 dark:bg-gray-800/60">
          <tr>
            <th scope="col" className={th}>
              {t('table.name')}
            </th>
            <th scope="col" className={th}>
              {t('table.email')}
            </th>
            <th scope="col" className={th}>
              {t('table.phone')}
            </th>
            <th scope="col" className={th}>
              {t('table.roles')}
            </th>
            <th scope="col" className={th}>
              {t('table.status')}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-200 dark:divide-gray-700">
          {users.map((user) => {
            const name = `${user.firstName} ${user.lastName}`.trim() || user.email;
            return (
              <tr key={user.id} data-testid="user-row">
                <th scope="row" className={cx(td, 'text-left font-semibold')}>
                  <Link href={editUserPath(user.id)} aria-label={t('table.editLabel', { name })}>
                    {name}
                  </Link>
                  {user.id === currentUserId && (
                    <span className="ml-1 text-sm font-normal text-gray-600 dark:text-gray-400">
                      ({t('table.you')})
                    </span>
                  )}
                </th>
                <td className={cx(td, 'break-all')}>{user.email}</td>
                <td className={cx(td, 'whitespace-nowrap')}>{user.phone ?? '–'}</td>
                <td className={td}>
                  {user.roles.map((role) => tc(`roles.${role}` as never, { defaultValue: role })).join(', ')}
                </td>
                <td className={td}>
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
