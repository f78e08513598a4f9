import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '../../../../contract/customer';
import { paths } from '../../../lib/paths';
import { Link } from '../../../ui/Link';
import { Detail, ProfileSection } from './ProfileSection';

export function AccountSection({ user }: { user: CurrentUser }) {
  const { t } = useTranslation('profile');
  const { t: tc } = useTranslation();
  const roles = user.roles.map((role) => tc(`roles.${role}` as never, { defaultValue: role })).join(', ');
  return (
    <ProfileSection
      heading={t('you.heading')}
      headingId="profile-account"
      action={<Link href={paths.settings}>{t('you.settings')}</Link>}
    >
      <dl className="grid gap-4 sm:grid-cols-2">
        <Detail term={t('you.name')}>{`${user.firstName} ${user.lastName}`}</Detail>
        <Detail term={t('you.email')}>
          <span className="break-all">{user.email}</span>
        </Detail>
        <Detail term={t('you.phone')}>{user.phone || t('you.noPhone')}</Detail>
        <Detail term={t('you.roles')}>{roles}</Detail>
      </dl>
    </ProfileSection>
  );
}
