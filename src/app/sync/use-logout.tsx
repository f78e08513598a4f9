import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { logout } from '../../api/queries/auth';
import { useSyncState } from '../../api/session/hooks';
import { syncController } from '../../api/session/sync';
import { Button } from '../../ui/Button';
import { Modal } from '../../ui/Modal';

/** Logs out: the engine lets go of the session first, so nothing is sent with a token that is being revoked. */
async function logOutNow(): Promise<void> {
  await syncController().setSession(null);
  await logout();
}

/**
 * "Logga ut" that asks first when changes are still waiting on the device (DESIGN.md, "Offline writes"): they are
 * kept and sent the next time the same user logs in here, never under another user. Returns the action and the
 * dialog to render.
 */
export function useLogout() {
  const { t } = useTranslation('sync');
  const status = useSyncState();
  const [asking, setAsking] = useState(false);
  const [leaving, setLeaving] = useState(false);

  const requestLogout = () => {
    if (status.pending > 0) setAsking(true);
    else void logOutNow();
  };

  const confirm = async () => {
    setLeaving(true);
    try {
      await logOutNow();
    } finally {
      setLeaving(false);
      setAsking(false);
    }
  };

  const allSent = status.pending === 0;
  const dialog = (
    <Modal isOpen={asking} onOpenChange={setAsking} title={t('logout.title')}>
      <div className="flex flex-col gap-3 text-gray-800 dark:text-gray-200" data-testid="logout-question">
        {allSent ? (
          <p>{t('logout.sent')}</p>
        ) : (
          <>
            <p>{t('logout.text', { count: status.pending })}</p>
            {!status.online && (
              <p className="text-gray-600 dark:text-gray-400">{t('logout.offline', { count: status.pending })}</p>
            )}
          </>
        )}
      </div>
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onPress={() => setAsking(false)} autoFocus>
          {t('logout.cancel')}
        </Button>
        {!allSent && status.online && (
          <Button variant="secondary" onPress={() => void syncController().syncNow()} isPending={status.draining}>
            {t('logout.syncNow')}
          </Button>
        )}
        <Button variant={allSent ? 'primary' : 'danger'} onPress={() => void confirm()} isPending={leaving}>
          {allSent ? t('logout.confirmSent') : t('logout.confirm')}
        </Button>
      </div>
    </Modal>
  );

  return { requestLogout, dialog };
}
