import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Heading } from 'react-aria-components';
import { useNavigate } from 'react-router';
import { session } from '../../api/session/session';
import { syncController } from '../../api/session/sync';
import { paths } from '../../lib/paths';
import { describeEntry, type OutboxEntry, type SyncStatus } from '../../offline';
import { useOutbox } from '../../offline/hooks';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { toast } from '../../ui/toast-queue';
import { useEntryListNames } from './entry-names';
import { formatRelative } from './relative-time';
import { useNow } from './use-now';

/**
 * The sync panel: connection, last sync, "Synka nu", the changes waiting and the refused ones in plain Swedish.
 * A refused change can be sent again or removed (asked first); a blocked queue asks the user to log in again.
 */
export function SyncPanel({ status }: { status: SyncStatus }) {
  const { t } = useTranslation('sync');
  const navigate = useNavigate();
  const now = useNow(15_000);
  const entries = useOutbox(status.userId) ?? [];
  const names = useEntryListNames(entries);
  const [discarding, setDiscarding] = useState<{ entry: OutboxEntry; text: string } | null>(null);
  const controller = syncController();
  const when = (at: number | string, future = false) => formatRelative(at, now, t('time.justNow'), { future });
  const describe = (entry: OutboxEntry) => describeEntry(entry, names.get(entry.seq));

  const root = useRef<HTMLDivElement>(null);
  /**
   * A refused change that is sent again or removed leaves the list, and its button with it: keep the focus in the
   * panel (after the confirm dialog has given it back), so the keyboard and Escape still work.
   */
  const keepFocusInPanel = () =>
    requestAnimationFrame(() =>
      requestAnimationFrame(() => {
        if (!root.current?.contains(document.activeElement)) root.current?.focus();
      }),
    );

  const waiting = entries.filter((e) => e.status !== 'rejected');
  const refused = entries.filter((e) => e.status === 'rejected');

  const logInAgain = () => {
    // The engine's token was refused, and the page's is the same one: the session is over. Nothing is dropped.
    session.clear('unauthorized');
    void navigate(paths.login);
  };

  return (
    <div
      ref={root}
      tabIndex={-1}
      className="flex flex-col gap-4 p-4 text-sm text-gray-800 outline-none dark:text-gray-200"
      data-testid="sync-panel"
    >
      <div>
        <Heading id="sync-panel-heading" slot="title" className="text-lg font-bold text-gray-950 dark:text-white">
          {t('panel.title')}
        </Heading>
        <p className="mt-1 flex items-start gap-2">
          <span
            aria-hidden="true"
            className={`mt-1.5 size-2 shrink-0 rounded-full ${status.online ? 'bg-green-600' : 'bg-gray-500'}`}
          />
          <span>{status.online ? t('panel.online') : t('panel.offline')}</span>
        </p>
        <p className="mt-1 text-gray-600 dark:text-gray-400" data-testid="sync-last-synced">
          {status.lastSyncedAt ? t('panel.lastSynced', { when: when(status.lastSyncedAt) }) : t('panel.neverSynced')}
        </p>
      </div>

      {status.blocked && (
        <Alert tone="warning" title={t('blocked.title')} live={false}>
          <p>{t('blocked.text')}</p>
          <Button size="sm" className="mt-3" onPress={logInAgain}>
            {t('blocked.action')}
          </Button>
        </Alert>
      )}

      <div className="flex flex-col gap-1.5">
        <Button
          onPress={() => void controller.syncNow()}
          isPending={status.draining}
          isDisabled={!status.online}
          className="w-full"
        >
          {t('panel.syncNow')}
        </Button>
        {!status.online && <p className="text-gray-600 dark:text-gray-400">{t('panel.syncNowOffline')}</p>}
      </div>

      {waiting.length === 0 && refused.length === 0 && (
        <p className="rounded-lg bg-green-50 px-3 py-2 text-green-900 dark:bg-green-950/60 dark:text-green-100">
          {t('panel.allSent')}
        </p>
      )}

      {waiting.length > 0 && (
        <section aria-labelledby="sync-waiting-heading">
          <h3 id="sync-waiting-heading" className="font-semibold text-gray-950 dark:text-white">
            {t('panel.waitingHeading', { count: waiting.length })}
          </h3>
          {status.lastError && status.online && (
            <p className="mt-1 text-gray-600 dark:text-gray-400">
              {t('panel.lastError', { message: status.lastError.message })}
              {status.retryAt && status.retryAt > now
                ? ` ${t('panel.retryAt', { when: when(status.retryAt, true) })}`
                : ''}
            </p>
          )}
          <ul className="mt-2 flex flex-col gap-1.5" data-testid="sync-waiting">
            {waiting.map((entry) => (
              <li key={entry.seq} className="rounded-lg bg-gray-50 px-3 py-2 dark:bg-gray-800">
                <span className="block text-gray-950 dark:text-gray-50">{describe(entry)}</span>
                <span className="block text-xs text-gray-600 dark:text-gray-400">
                  {t('panel.madeAt', { when: when(entry.createdAt) })}
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}

      {refused.length > 0 && (
        <section aria-labelledby="sync-refused-heading">
          <h3 id="sync-refused-heading" className="font-semibold text-red-900 dark:text-red-200">
            {t('panel.refusedHeading', { count: refused.length })}
          </h3>
          <p className="mt-1 text-gray-600 dark:text-gray-400">{t('panel.refusedIntro')}</p>
          <ul className="mt-2 flex flex-col gap-2" data-testid="sync-refused">
            {refused.map((entry) => (
              <li
                key={entry.seq}
                className="rounded-lg border border-red-200 bg-red-50 px-3 py-2.5 dark:border-red-900 dark:bg-red-950/50"
              >
                <span className="block font-medium text-gray-950 dark:text-gray-50">{describe(entry)}</span>
                {entry.lastError && (
                  <span className="mt-0.5 block text-red-900 dark:text-red-200">{entry.lastError.message}</span>
                )}
                <span className="mt-2 flex flex-wrap gap-2">
                  <Button
                    size="sm"
                    variant="secondary"
                    onPress={() => void controller.retry(entry.seq).finally(keepFocusInPanel)}
                  >
                    {t('panel.retry')}
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    className="text-red-800 dark:text-red-300"
                    onPress={() => setDiscarding({ entry, text: describe(entry) })}
                  >
                    {t('panel.discard')}
                  </Button>
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}

      {status.otherUsersPending > 0 && (
        <p className="text-gray-600 dark:text-gray-400">{t('panel.otherUsers', { count: status.otherUsersPending })}</p>
      )}

      <ConfirmDialog
        isOpen={discarding !== null}
        onOpenChange={(open) => !open && setDiscarding(null)}
        title={t('discard.title')}
        confirmLabel={t('discard.confirm')}
        cancelLabel={t('discard.cancel')}
        onConfirm={async () => {
          if (discarding) await controller.discard(discarding.entry.seq);
          setDiscarding(null);
          toast.success(t('discard.done'), { id: 'sync' });
          keepFocusInPanel();
        }}
      >
        <p>{t('discard.text')}</p>
        <p className="rounded-lg bg-gray-50 px-3 py-2 font-medium text-gray-950 dark:bg-gray-800 dark:text-gray-50">
          {discarding?.text}
        </p>
      </ConfirmDialog>
    </div>
  );
}
