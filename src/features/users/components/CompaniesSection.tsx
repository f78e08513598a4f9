import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { MANAGEABLE_ROLES, type CustomerCompanyRef, type CustomerDetail } from '../../../../contract/customer';
import { errorMessage } from '../../../api/error-message';
import {
  addCustomerToCompany,
  customerDetailQuery,
  removeCustomerFromCompany,
  usersKey,
} from '../../../api/queries/users';
import { paths } from '../../../lib/paths';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { labelClass } from '../../../ui/field-styles';
import { toast } from '../../../ui/toast-queue';
import { useManagedCompanies } from '../use-managed-companies';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';

/** The companies (of the administrator's) the user belongs to: remove from one with confirmation, or add to another. */
export function CompaniesSection({ user }: { user: CustomerDetail }) {
  const { t } = useTranslation('users');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { companies } = useManagedCompanies();
  const name = `${user.firstName} ${user.lastName}`.trim() || user.email;
  const addable = companies.filter((c) => !user.companies.some((own) => own.code === c.code));
  const selectId = useId();
  const [chosen, setChosen] = useState('');
  const [adding, setAdding] = useState(false);
  const [addError, setAddError] = useState<string | null>(null);
  const [removing, setRemoving] = useState<CustomerCompanyRef | null>(null);
  const [removeError, setRemoveError] = useState<string | null>(null);
  const selected = addable.find((c) => c.code === chosen) ?? addable[0];

  const add = async () => {
    if (!selected) return;
    setAdding(true);
    setAddError(null);
    try {
      const roles = MANAGEABLE_ROLES.filter((role) => user.roles.includes(role));
      const saved = await addCustomerToCompany(user.id, {
        companyCode: selected.code,
        roles: roles.length ? roles : ['Customer'],
      });
      queryClient.setQueryData(customerDetailQuery(user.id).queryKey, saved);
      await queryClient.invalidateQueries({ queryKey: usersKey });
      setChosen('');
      toast.success(t('companies.added', { name, company: selected.name }));
    } catch (error) {
      setAddError(errorMessage(error));
    } finally {
      setAdding(false);
    }
  };

  const remove = async () => {
    if (!removing) return true;
    setRemoveError(null);
    try {
      await removeCustomerFromCompany(removing.id, user.id);
      toast.success(t('companies.removed', { name, company: removing.name }));
      const last = user.companies.length <= 1;
      setRemoving(null);
      if (last) {
        queryClient.removeQueries({ queryKey: customerDetailQuery(user.id).queryKey });
        await navigate(paths.manageUsers);
      }
      await queryClient.invalidateQueries({ queryKey: usersKey });
      return true;
    } catch (error) {
      setRemoveError(errorMessage(error));
      return false;
    }
  };

  return (
    <section
      aria-labelledby="user-companies"
      className="mt-6 rounded-2xl border border-gray-200 bg-white p-5 shadow-sm sm:p-6 dark:border-gray-700 dark:bg-gray-900"
    >
      <h2 id="user-companies" className="text-lg font-bold text-gray-950 dark:text-white">
        {t('companies.heading')}
      </h2>
      <p className="mt-1 text-sm text-gray-700 dark:text-gray-300">{t('companies.lead')}</p>
      <ul className="mt-4 divide-y divide-gray-200 rounded-lg border border-gray-200 dark:divide-gray-700 dark:border-gray-700">
        {user.companies.map((company) => (
          <li key={company.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
            <span className="font-medium text-gray-950 dark:text-gray-50">
              {company.name} <span className="text-gray-600 dark:text-gray-400">({company.code})</span>
            </span>
            <Button
              variant="secondary"
              size="sm"
              aria-label={t('companies.removeLabel', { name, company: company.name })}
              onPress={() => {
                setRemoveError(null);
                setRemoving(company);
              }}
            >
              {t('companies.remove')}
            </Button>
          </li>
        ))}
      </ul>

      <div className="mt-5">
        {addable.length === 0 ? (
          <p className="text-sm text-gray-700 dark:text-gray-300">{t('companies.noneToAdd')}</p>
        ) : (
          <div className="flex flex-col gap-1.5">
            <label htmlFor={selectId} className={labelClass}>
              {t('companies.addLabel')}
            </label>
            <div className="flex flex-wrap gap-3">
              <select
                id={selectId}
                value={selected?.code ?? ''}
                onChange={(event) => setChosen(event.target.value)}
                className="min-h-11 min-w-0 flex-1 rounded-lg border border-gray-400 bg-white px-3 py-2 text-base text-gray-900 focus:border-primary-600 focus:outline-2 focus:outline-primary-600/40 dark:border-gray-500 dark:bg-gray-900 dark:text-gray-50 dark:focus:border-primary-400"
              >
                {addable.map((company) => (
                  <option key={company.code} value={company.code}>
                    {company.name} ({company.code})
                  </option>
                ))}
              </select>
              <Button variant="secondary" onPress={add} isPending={adding}>
                {t('companies.addSubmit')}
              </Button>
            </div>
            {addError && (
              <Alert tone="error" className="mt-2">
                {addError}
              </Alert>
            )}
          </div>
        )}
      </div>

      <ConfirmDialog
        isOpen={removing !== null}
        onOpenChange={(open) => {
          if (!open) setRemoving(null);
        }}
        title={t('companies.confirmTitle')}
        confirmLabel={t('companies.confirm')}
        cancelLabel={t('companies.cancel')}
        onConfirm={remove}
      >
        <p>{t('companies.confirmText', { name, company: removing?.name ?? '' })}</p>
        {user.companies.length <= 1 && <p>{t('companies.confirmLast')}</p>}
        {removeError && <Alert tone="error">{removeError}</Alert>}
      </ConfirmDialog>
    </section>
  );
}
