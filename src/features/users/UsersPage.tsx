import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/error-message';
import { companyCustomersQuery } from '../../api/queries/users';
import { useCurrentCompany, useCurrentUser } from '../../api/session/hooks';
import { paths } from '../../lib/paths';
import { Alert } from '../../ui/Alert';
import { LinkButton } from '../../ui/Link';
import { SearchField } from '../../ui/SearchField';
import { Spinner } from '../../ui/Spinner';
import { UsersTable } from './components/UsersTable';
import { matchesQuery } from './user-form';

/** /profil/hantera-anvandare — the chosen company's users with their roles, searchable. */
export function UsersPage() {
  const { t } = useTranslation('users');
  const { data: me } = useCurrentUser();
  const company = useCurrentCompany();
  const companyName = company.data?.name;
  const users = useQuery({ ...companyCustomersQuery(company.code ?? ''), enabled: company.code !== null });
  const [query, setQuery] = useState('');
  const shown = users.data?.filter((user) => matchesQuery(user, query)) ?? [];
  const caption = t('table.label', { company: companyName ?? company.code ?? '' });

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="max-w-3xl">
          <h1 className="text-3xl font-bold tracking-tight text-gray-950 dark:text-white">{t('heading')}</h1>
          <p className="mt-2 text-lg text-gray-700 dark:text-gray-300">
            {companyName ? t('lead', { company: companyName }) : t('leadNoName')}
          </p>
        </div>
        {company.code && (
          <LinkButton href={paths.createUser} size="lg">
            {t('create')}
          </LinkButton>
        )}
      </div>

      {company.code === null ? (
        <Alert tone="info" title={t('noCompany.title')} className="mt-8 max-w-3xl">
          {t('noCompany.text')}
        </Alert>
      ) : users.isError ? (
        <Alert tone="error" title={t('loadFailed')} className="mt-8 max-w-3xl">
          {errorMessage(users.error)}
        </Alert>
      ) : !users.data ? (
        <div className="mt-10 flex justify-center text-primary-700 dark:text-primary-300">
          <Spinner className="size-8" label={t('loading')} />
        </div>
      ) : (
        <div className="mt-8 flex flex-col gap-4">
          <SearchField
            label={t('search.label')}
            placeholder={t('search.placeholder')}
            submitLabel={t('search.submit')}
            value={query}
            onChange={setQuery}
            onSubmit={setQuery}
            className="max-w-xl"
          />
          <p role="status" className="text-sm text-gray-700 dark:text-gray-300">
            {users.data.length === 0
              ? t('table.empty')
              : shown.length === 0
                ? t('table.noMatch', { query: query.trim() })
                : t('table.count', { count: shown.length })}
          </p>
          {shown.length > 0 && <UsersTable users={shown} caption={caption} currentUserId={me?.id} />}
        </div>
      )}
    </div>
  );
}
