import { Trans, useTranslation } from 'react-i18next';
import { config } from '../lib/config';
import { Alert } from './Alert';
import { Link } from './Link';

/**
 * SPEC §6: users without a linked company are told to contact customer service, with its address (site config), in the
 * company switcher and on every screen that needs a company.
 */
export function NoCompanyNotice({ className }: { className?: string }) {
  const { t } = useTranslation('company');
  const email = config().customerServiceEmail;
  return (
    <Alert tone="info" title={t('switcher.noCompaniesHeading')} className={className}>
      <p>
        <Trans t={t} i18nKey="switcher.noCompanies" values={{ email }}>
          Kontakta kundservice på <Link href={`mailto:${email}`}>{email}</Link>.
        </Trans>
      </p>
    </Alert>
  );
}
