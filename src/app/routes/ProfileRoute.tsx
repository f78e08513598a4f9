import { useTranslation } from 'react-i18next';
import { companySwitcher } from '../../features/company-switcher';
import { ProfilePage } from '../../features/profile/ProfilePage';
import { Button } from '../../ui/Button';

/** /profil: the profile page, with the company switcher behind its 'Byt företag' button. */
export function ProfileRoute() {
  const { t } = useTranslation('layout');
  return (
    <ProfilePage
      changeCompany={
        <Button variant="secondary" size="sm" onPress={companySwitcher.open}>
          {t('userMenu.switchCompany')}
        </Button>
      }
    />
  );
}
