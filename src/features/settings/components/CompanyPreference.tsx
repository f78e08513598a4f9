import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '../../../../contract/customer';
import { errorMessage } from '../../../api/error-message';
import { currentUserKey, customerCompaniesQuery, setDefaultCompany } from '../../../api/queries/customer';
import { useCurrentCompany } from '../../../api/session/hooks';
import { Alert } from '../../../ui/Alert';
import { labelClass } from '../../../ui/field-styles';
import { Spinner } from '../../../ui/Spinner';
import { toast } from '../../../ui/toast-queue';
import { SettingsSection } from './SettingsSection';

/** The default company (PATCH /v1/customer/company), among the user's own; staff keep the one they chose. */
export function CompanyPreference({ user }: { user: CurrentUser }) {
  const { t } = useTranslation('settings');
  const queryClient = useQueryClient();
  const companies = useQuery(customerCompaniesQuery());
  const current = useCurrentCompany();
  const selectId = useId();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const options = (companies.data ?? []).map(({ code, name }) => ({ code, name }));
  if (current.data && !options.some((c) => c.code === current.data.code)) {
    options.unshift({
      code: current.data.code,
      name: current.data.active ? current.data.name : t('company.inactive', { name: current.data.name }),
    });
  }

  const choose = async (code: string) => {
    if (code === user.defaultCompany) return;
    setSaving(true);
    setError(null);
    try {
      const saved = await setDefaultCompany({ companyCode: code });
      queryClient.setQueryData(currentUserKey, saved);
      const name = options.find((c) => c.code === code)?.name ?? code;
      toast.success(t('company.saved', { name }), { id: 'customer_updated' });
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setSaving(false);
    }
  };

  return (
    <SettingsSection heading={t('company.heading')} headingId="settings-company" lead={t('company.lead')}>
      {companies.isPending ? (
        <Spinner className="size-6" label={t('company.heading')} />
      ) : companies.isError ? (
        <Alert tone="error">{t('company.loadFailed')}</Alert>
      ) : options.length === 0 ? (
        <p className="text-gray-700 dark:text-gray-300">{t('company.none')}</p>
      ) : (
        <div className="flex flex-col gap-1.5">
          <label htmlFor={selectId} className={labelClass}>
            {t('company.label')}
          </label>
          <div className="flex items-center gap-3">
            <select
              id={selectId}
              value={user.defaultCompany ?? ''}
              disabled={saving}
              onChange={(event) => void choose(event.target.value)}
              className="min-h-11 w-full max-w-md rounded-lg border border-gray-400 bg-white px-3 py-2 text-base text-gray-900 focus:border-primary-600 focus:outline-2 focus:outline-primary-600/40 disabled:opacity-60 dark:border-gray-500 dark:bg-gray-900 dark:text-gray-50 dark:focus:border-primary-400"
            >
              {user.defaultCompany === null && <option value="">–</option>}
              {options.map((company) => (
                <option key={company.code} value={company.code}>
                  {company.name} ({company.code})
                </option>
              ))}
            </select>
            {saving && <Spinner className="size-5" />}
          </div>
          {error && (
            <Alert tone="error" className="mt-2">
              {error}
            </Alert>
          )}
        </div>
      )}
    </SettingsSection>
  );
}
