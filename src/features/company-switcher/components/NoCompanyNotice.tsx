import { Trans, useTranslation } from 'react-i18next';
import { config } from '../../../lib/config';
import { Alert } from '../../../ui/Alert';
import { Link } from '../../../ui/Link';

/** SPEC §6: users without a linked company are told to contact customer service. */
export function NoCompanyNotice() {
  const { t } = useTranslation('company');
  const email = config().customerServiceEmail;
  return (
    <Alert tone="info" title={t('switcher.noCompaniesHeading')}>
      <p>
        <Trans t={t} i18nKey="switcher.noCompanies" values={{ email }}>
          Kontakta kundservice på <Link href={`mailto:${email}`}>{email}</Link>.
        </Trans>
      </p>
    </Alert>
  );
}
