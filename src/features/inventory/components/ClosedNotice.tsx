import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ADMIN_ROLE, STAFF_ROLE } from '../../../../contract/customer-constants';
import { formatDateTime } from '../../../../contract/rules/swedish-dates';
import { errorMessage } from '../../../api/error-message';
import { reopenInventoryList } from '../../../api/queries/inventory-closing';
import { hasRole, useCurrentUser, useSyncState } from '../../../api/session/hooks';
import { isListClosed, type MirrorInventoryList } from '../../../offline/inventory/tables';
import { Button } from '../../../ui/Button';
import { toast } from '../../../ui/toast-queue';

/**
 * A closed list (decision 0062): who closed it and when, that it is read-only, and for a customer administrator
 * "Öppna igen" (online only; the server decides who may, this only spares others a button that is refused).
 */
export function ClosedNotice({ list }: { list: MirrorInventoryList }) {
  const { t } = useTranslation('inventory');
  const { data: user } = useCurrentUser();
  const { online } = useSyncState();
  const [busy, setBusy] = useState(false);
  if (!isListClosed(list) || !list.closedAt) return null;
  const when = formatDateTime(list.closedAt);
  const mayReopen = hasRole(user, ADMIN_ROLE, STAFF_ROLE);

  const reopen = async () => {
    setBusy(true);
    try {
      await reopenInventoryList(list.companyCode, list.id);
      toast.success(t('closed.reopened'), { id: 'inventory-closed' });
    } catch (error) {
      toast.error(errorMessage(error), { id: 'inventory-closed' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section
      aria-labelledby={`closed-${list.id}`}
      className="rounded-2xl border border-gray-300 bg-gray-50 p-4 text-gray-800 dark:border-gray-600 dark:bg-gray-900 dark:text-gray-200"
      data-testid="inventory-closed"
    >
      <h2 id={`closed-${list.id}`} className="text-lg font-bold text-gray-950 dark:text-white">
        {t('closed.heading')}
      </h2>
      <p className="mt-1">
        {list.closedBy ? t('closed.by', { name: list.closedBy, when }) : t('closed.byUnknown', { when })}
      </p>
      <p className="mt-1">{t('closed.text')}</p>
      {mayReopen ? (
        <div className="mt-3 flex flex-col gap-2">
          <Button variant="secondary" onPress={() => void reopen()} isPending={busy} isDisabled={!online}>
            {t('closed.reopen')}
          </Button>
          {!online && <p className="text-sm">{t('closed.reopenOffline')}</p>}
        </div>
      ) : (
        <p className="mt-1">{t('closed.adminOnly')}</p>
      )}
    </section>
  );
}
