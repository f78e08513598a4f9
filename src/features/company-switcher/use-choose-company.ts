import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Company } from '../../../contract/customer';
import { errorMessage } from '../../api/error-message';
import { currentUserKey, setDefaultCompany } from '../../api/queries/customer';
import { paths } from '../../lib/paths';
import { toast } from '../../ui/toast-queue';
import { companySwitcher } from './switcher-store';

/** SPEC §4 company choice: the current one only closes; another is saved, then close, toast, top of page, /profil. */
export function useChooseCompany(currentCode: string | null) {
  const { t } = useTranslation('company');
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const mutation = useMutation({
    mutationFn: (company: Company) => setDefaultCompany({ companyCode: company.code }),
    onSuccess: (user, company) => {
      queryClient.setQueryData(currentUserKey, user);
      companySwitcher.close();
      toast.success(t('switcher.updated', { name: company.name }), { id: 'customer_updated' });
      window.scrollTo({ top: 0 });
      void navigate(paths.profile);
    },
    onError: (error) => toast.error(errorMessage(error)),
  });

  const choose = (company: Company) => {
    if (mutation.isPending) return;
    if (company.code === currentCode) {
      companySwitcher.close();
      return;
    }
    mutation.mutate(company);
  };

  return { choose, pendingCode: mutation.isPending ? mutation.variables?.code : undefined };
}
