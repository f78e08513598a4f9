import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../api/session/hooks';
import { CompanyPreference } from './components/CompanyPreference';
import { DevicePreferences } from './components/DevicePreferences';
import { PasswordForm } from './components/PasswordForm';
import { ProfileForm } from './components/ProfileForm';

/** /profil/installningar — own details, password, default company, colour mode and scanner sound. */
export function SettingsPage() {
  const { t } = useTranslation('settings');
  const { data: user } = useCurrentUser();
  if (!user) return null; // the route loader has loaded it; logged out meanwhile

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-gray-950 dark:text-white">{t('heading')}</h1>
      <p className="mt-2 max-w-3xl text-lg text-gray-700 dark:text-gray-300">{t('lead')}</p>
      <div className="mt-8 grid items-start gap-6 lg:grid-cols-2">
        <div className="flex flex-col gap-6">
          <ProfileForm key={user.id} user={user} />
          <CompanyPreference user={user} />
          <DevicePreferences user={user} />
        </div>
        <PasswordForm user={user} />
      </div>
    </div>
  );
}
