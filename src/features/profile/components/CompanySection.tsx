import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CompanyDetail } from '../../../../contract/customer';
import { formatWeekdayDate } from '../../../../contract/rules/swedish-dates';
import { useNoLinkedCompany } from '../../../api/session/no-linked-company';
import { Alert } from '../../../ui/Alert';
import { NoCompanyNotice } from '../../../ui/NoCompanyNotice';
import { Detail, ProfileSection } from './ProfileSection';

interface CompanySectionProps {
  company: CompanyDetail | undefined;
  /** The app's 'Byt företag' button (the switcher is another feature). */
  action?: ReactNode;
}

export function CompanySection({ company, action }: CompanySectionProps) {
  const { t } = useTranslation('profile');
  const noLinkedCompany = useNoLinkedCompany(!company);

  if (!company) {
    return (
      <ProfileSection heading={t('company.heading')} headingId="profile-company">
        {noLinkedCompany ? (
          // Nothing to choose: the company button would only say so again. Customer service links the company.
          <NoCompanyNotice />
        ) : (
          <>
            <p className="text-gray-700 dark:text-gray-300">{t('company.none')}</p>
            {action && <div className="mt-4">{action}</div>}
          </>
        )}
      </ProfileSection>
    );
  }

  const cityLine = [company.postalCode, company.city].filter(Boolean).join(' ');
  const address = [company.street, cityLine].filter(Boolean);
  const contact = [company.phone, company.email].filter(Boolean);

  return (
    <ProfileSection heading={t('company.heading')} headingId="profile-company" action={action}>
      <p className="text-2xl font-bold tracking-tight text-gray-950 dark:text-white" data-testid="profile-company-name">
        {company.name}
      </p>
      {!company.active && (
        <Alert tone="warning" className="mt-3" live={false}>
          {t('company.inactive')}
        </Alert>
      )}
      <dl className="mt-4 grid gap-4 sm:grid-cols-2">
        <Detail term={t('company.code')}>{company.code}</Detail>
        {company.orgNumber && <Detail term={t('company.orgNumber')}>{company.orgNumber}</Detail>}
        {address.length > 0 && (
          <Detail term={t('company.address')}>
            {address.map((line) => (
              <span key={line} className="block">
                {line}
              </span>
            ))}
          </Detail>
        )}
        {contact.length > 0 && (
          <Detail term={t('company.contact')}>
            {contact.map((line) => (
              <span key={line} className="block break-all">
                {line}
              </span>
            ))}
          </Detail>
        )}
        {company.nextDeliveryDate && company.hasDeliveryRoutes && (
          <Detail term={t('company.nextDelivery')}>
            <time dateTime={company.nextDeliveryDate}>{formatWeekdayDate(company.nextDeliveryDate)}</time>
          </Detail>
        )}
      </dl>
      {(!company.hasDeliveryRoutes || !company.nextDeliveryDate) && (
        <Alert tone="info" className="mt-4" live={false}>
          {t('company.noDeliveryRoutes')}
        </Alert>
      )}
    </ProfileSection>
  );
}
