import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { customerCompaniesQuery } from '../../api/queries/customer';
import { isStaff, useCurrentUser } from '../../api/session/hooks';
import { noCompanySeen, useNoLinkedCompany } from '../../api/session/no-linked-company';
import { Modal } from '../../ui/Modal';
import { NoCompanyNotice } from '../../ui/NoCompanyNotice';
import { Spinner } from '../../ui/Spinner';
import { CustomerCompanies } from './components/CustomerCompanies';
import { LoadError } from './components/LoadError';
import { StaffCompanySearch } from './components/StaffCompanySearch';
import { companySwitcher, useCompanySwitcherOpen } from './switcher-store';
import { useChooseCompany } from './use-choose-company';

/**
 * The change-company modal (SPEC §2). It cannot be closed while no company is chosen — except by a user who
 * has no company to choose, who is told to contact customer service instead.
 */
export function CompanySwitcherModal() {
  const { t } = useTranslation('company');
  const isOpen = useCompanySwitcherOpen();
  const { data: user } = useCurrentUser();

  const staff = isStaff(user);
  const currentCode = user?.defaultCompany ?? null;
  const { choose, pendingCode } = useChooseCompany(currentCode);
  const companies = useQuery({ ...customerCompaniesQuery(), enabled: isOpen && !!user && !staff });

  const noLinkedCompany = useNoLinkedCompany(isOpen);
  const userId = user?.id;
  // Told once: it does not open by itself again on the next page load (the screens say the same thing meanwhile).
  useEffect(() => {
    if (isOpen && noLinkedCompany && userId) noCompanySeen.remember(userId);
  }, [isOpen, noLinkedCompany, userId]);
  const isClosable = currentCode !== null || noLinkedCompany;

  if (!user) return null;

  let body;
  if (staff) {
    body = <StaffCompanySearch currentCode={currentCode} pendingCode={pendingCode} onChoose={choose} />;
  } else if (noLinkedCompany) {
    body = <NoCompanyNotice />;
  } else if (companies.isError) {
    body = <LoadError error={companies.error} onRetry={() => void companies.refetch()} />;
  } else if (companies.isSuccess) {
    body = (
      <CustomerCompanies
        companies={companies.data}
        currentCode={currentCode}
        pendingCode={pendingCode}
        onChoose={choose}
      />
    );
  } else {
    body = (
      <div className="flex justify-center py-8">
        <Spinner label={t('switcher.loading')} className="size-6 text-primary-700 dark:text-primary-300" />
      </div>
    );
  }

  return (
    <Modal
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (open) companySwitcher.open();
        else if (isClosable) companySwitcher.close();
      }}
      title={t('switcher.title')}
      isClosable={isClosable}
    >
      <div className="flex flex-col gap-4">
        {!noLinkedCompany && (
          <p className="text-gray-700 dark:text-gray-300">
            {currentCode ? t('switcher.lead') : t('switcher.mustChoose')}
          </p>
        )}
        {body}
      </div>
    </Modal>
  );
}
