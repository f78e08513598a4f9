import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { hasRole, useCurrentCompany, useCurrentUser } from '../../api/session/hooks';
import { Alert } from '../../ui/Alert';
import { AccountSection } from './components/AccountSection';
import { AreaLinks } from './components/AreaLinks';
import { CompanySection } from './components/CompanySection';

interface ProfilePageProps {
  /** A control that opens the company switcher, supplied by the app. */
  changeCompany?: ReactNode;
}

/** /profil — who you are, the company you shop for, and the way to everything else. */
export function ProfilePage({ changeCompany }: ProfilePageProps) {
  const { t } = useTranslation('profile');
  const { data: user } = useCurrentUser();
  const company = useCurrentCompany();

  if (!user) return null; // the route loader has loaded it; logged out meanwhile

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-gray-950 dark:text-white">{t('heading')}</h1>
      <p className="mt-2 text-lg text-gray-700 dark:text-gray-300">
        {t('greeting', { name: user.firstName })} {t('lead')}
      </p>

      <div className="mt-8 grid gap-6 lg:grid-cols-5">
        <div className="lg:col-span-3">
          {company.isError ? (
            <Alert tone="error">{t('company.loadFailed')}</Alert>
          ) : (
            <CompanySection company={company.data} action={changeCompany} />
          )}
        </div>
        <div className="lg:col-span-2">
          <AccountSection user={user} />
        </div>
      </div>

      <div className="mt-10">
        <AreaLinks canManageUsers={hasRole(user, 'CustomerAdministrator', 'SkafferiAdministrator')} />
      </div>
    </div>
  );
}
