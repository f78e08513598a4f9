import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Dialog, DialogTrigger, Popover } from 'react-aria-components';
import { useActiveCompany, useSyncState } from '../../api/session/hooks';
import type { SyncStatus } from '../../offline';
import { cx } from '../../ui/cx';
import { formatRelative } from './relative-time';
import { SyncPanel } from './SyncPanel';
import { useNow } from './use-now';

type Look = 'synced' | 'offline' | 'syncing' | 'updating' | 'waiting' | 'refused' | 'blocked';

/** The company whose data the device should hold: known (or null: none), or still loading after a login. */
type Expected = { code: string | null; loading: boolean };

/** What the indicator shows first: what needs the user most. */
function lookOf(status: SyncStatus, expected: Expected): Look {
  if (status.blocked) return 'blocked';
  if (status.rejected.length > 0) return 'refused';
  if (!status.online) return 'offline';
  if (status.pending > 0) return status.draining ? 'syncing' : 'waiting';
  // Not "synced" before the device has the chosen company's data (lists, cart, counts) — the first read after a
  // login or a company change, also in the moment before the engine hears of the company — nor while it reads it
  // again: someone about to walk into the cold room must know.
  const companyOnItsWay = expected.loading || (expected.code !== null && expected.code !== status.companyCode);
  if (status.draining || companyOnItsWay) return 'syncing';
  if (status.userId !== null && status.companyCode !== null && status.lastSyncedAt === null) return 'syncing';
  // The server has a newer state of an open list than the screen shows (another phone counted): not "Synkad" over it.
  if (status.updating) return 'updating';
  return 'synced';
}

const tones: Record<Look, string> = {
  synced: 'text-green-800 dark:text-green-300',
  syncing: 'text-primary-700 dark:text-primary-300',
  updating: 'text-primary-700 dark:text-primary-300',
  waiting: 'text-amber-800 dark:text-amber-300',
  offline: 'text-gray-700 dark:text-gray-300',
  refused: 'text-red-800 dark:text-red-300',
  blocked: 'text-red-800 dark:text-red-300',
};

const CLOUD =
  'M1 12.5A4.5 4.5 0 0 0 5.5 17H15a4 4 0 0 0 1.87-7.54 3.5 3.5 0 0 0-4.5-4.27A4.5 4.5 0 0 0 4.06 8.24 4.5 4.5 0 0 0 1 12.5Z';

function Icon({ look }: { look: Look }) {
  const svg = (children: ReactNode, spin = false) => (
    <svg
      viewBox="0 0 20 20"
      fill="currentColor"
      aria-hidden="true"
      className={cx('size-5 shrink-0', spin && 'animate-spin motion-reduce:animate-none')}
    >
      {children}
    </svg>
  );
  switch (look) {
    case 'synced':
      return svg(
        <>
          <path d={CLOUD} />
          <path
            d="m7.5 11.5 1.75 1.75 3.5-3.75"
            fill="none"
            stroke="white"
            strokeWidth="1.6"
            strokeLinecap="round"
            strokeLinejoin="round"
            className="dark:stroke-gray-900"
          />
        </>,
      );
    case 'offline':
      return svg(
        <>
          <path d={CLOUD} opacity="0.45" />
          <path d="M3 3 17 17" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
        </>,
      );
    case 'syncing':
    case 'updating':
      return svg(
        <path
          fillRule="evenodd"
          clipRule="evenodd"
          d="M15.31 11.42a5.5 5.5 0 0 1-9.2 2.47l-.31-.31h2.43a.75.75 0 0 0 0-1.5H3.99a.75.75 0 0 0-.75.75v4.24a.75.75 0 0 0 1.5 0v-2.43l.31.31a7 7 0 0 0 11.71-3.14.75.75 0 0 0-1.45-.39Zm1.23-3.72a.75.75 0 0 0 .22-.53V2.93a.75.75 0 0 0-1.5 0v2.43l-.31-.31A7 7 0 0 0 3.24 8.19a.75.75 0 1 0 1.45.39A5.5 5.5 0 0 1 13.89 6.1l.31.31h-2.43a.75.75 0 0 0 0 1.5h4.24a.75.75 0 0 0 .53-.22Z"
        />,
        true,
      );
    case 'waiting':
      return svg(
        <path
          fillRule="evenodd"
          clipRule="evenodd"
          d="M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16Zm.75-13a.75.75 0 0 0-1.5 0v5c0 .2.08.39.22.53l3 3a.75.75 0 1 0 1.06-1.06l-2.78-2.78V5Z"
        />,
      );
    case 'refused':
      return svg(
        <path
          fillRule="evenodd"
          clipRule="evenodd"
          d="M8.26 3.1a2 2 0 0 1 3.48 0l6.03 10.9A2 2 0 0 1 16.03 17H3.97a2 2 0 0 1-1.74-3l6.03-10.9ZM10 7a1 1 0 0 0-1 1v3a1 1 0 1 0 2 0V8a1 1 0 0 0-1-1Zm0 8a1.1 1.1 0 1 0 0-2.2 1.1 1.1 0 0 0 0 2.2Z"
        />,
      );
    case 'blocked':
      return svg(
        <path
          fillRule="evenodd"
          clipRule="evenodd"
          d="M10 1a4.5 4.5 0 0 0-4.5 4.5V9H5a2 2 0 0 0-2 2v6a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-6a2 2 0 0 0-2-2h-.5V5.5A4.5 4.5 0 0 0 10 1Zm3 8V5.5a3 3 0 1 0-6 0V9h6Z"
        />,
      );
  }
}

/**
 * The header's sync status: online or offline, how many changes wait, refused ones, and a panel with the details and
 * "Synka nu". Compact on phones (icon and count), with a short text from the small breakpoint up.
 */
export function SyncIndicator() {
  const { t } = useTranslation('sync');
  const status = useSyncState();
  const company = useActiveCompany();
  const now = useNow(30_000, status.lastSyncedAt !== null);
  const look = lookOf(status, company);
  const count = look === 'refused' ? status.rejected.length : status.pending;

  const short =
    look === 'waiting'
      ? t('indicator.waiting', { count })
      : look === 'refused'
        ? t('indicator.refused', { count })
        : t(`indicator.${look}`);
  const parts = [
    status.online ? t('state.online') : t('state.offline'),
    look === 'syncing' && status.pending === 0 ? t('state.syncing') : null,
    look === 'updating' ? t('state.updating') : null,
    status.blocked ? t('state.blocked') : null,
    status.rejected.length > 0 ? t('state.refused', { count: status.rejected.length }) : null,
    status.pending > 0 ? t('state.waiting', { count: status.pending }) : null,
    status.pending === 0 && status.rejected.length === 0 ? t('state.allSent') : null,
    status.lastSyncedAt
      ? t('state.lastSynced', { when: formatRelative(status.lastSyncedAt, now, t('time.justNow')) })
      : null,
  ].filter(Boolean);

  return (
    <DialogTrigger>
      <Button
        aria-label={t('indicator.label', { state: parts.join(', ') })}
        data-testid="sync-indicator"
        data-sync-state={look}
        data-waiting={status.pending}
        className={cx(
          'relative flex min-h-11 min-w-11 shrink-0 items-center justify-center gap-1.5 rounded-lg px-2 text-sm font-semibold hover:bg-gray-100 data-focus-visible:outline-2 data-focus-visible:outline-offset-2 data-focus-visible:outline-primary-600 sm:px-2.5 dark:hover:bg-gray-800 dark:data-focus-visible:outline-primary-300',
          tones[look],
        )}
      >
        <Icon look={look} />
        <span aria-hidden="true" className="hidden whitespace-nowrap lg:inline">
          {short}
        </span>
        {count > 0 && (
          <span
            aria-hidden="true"
            className={cx(
              'absolute top-0.5 right-0.5 flex min-w-4.5 items-center justify-center rounded-full px-1 text-[0.6875rem] leading-4.5 font-bold text-white lg:hidden',
              look === 'refused' || look === 'blocked' ? 'bg-red-700' : 'bg-amber-700',
            )}
          >
            {count}
          </span>
        )}
      </Button>
      <Popover
        placement="bottom end"
        offset={6}
        className="w-[min(26rem,calc(100vw-1rem))] overflow-hidden rounded-xl border border-gray-200 bg-white shadow-xl outline-none dark:border-gray-700 dark:bg-gray-900"
      >
        <Dialog aria-labelledby="sync-panel-heading" className="outline-none">
          {/* Focusable, so a keyboard can scroll a long list of changes even when no button is inside it. */}
          <div
            tabIndex={0}
            className="max-h-[min(36rem,80dvh)] overflow-y-auto outline-none focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-primary-600"
          >
            <SyncPanel status={status} />
          </div>
        </Dialog>
      </Popover>
    </DialogTrigger>
  );
}
