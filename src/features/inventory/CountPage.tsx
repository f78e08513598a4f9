import { lazy, Suspense, useCallback, useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useSyncState } from '../../api/session/hooks';
import { useBusy } from '../../offline/busy';
import { inventoryListPath, paths } from '../../lib/paths';
import { documentTitle } from '../../lib/title';
import { isListClosed, type MirrorInventoryItem, type MirrorInventoryList } from '../../offline/inventory/tables';
import { Alert } from '../../ui/Alert';
import { PlainButton } from '../../ui/PlainButton';
import { inputClass, labelClass } from '../../ui/field-styles';
import { Link, LinkButton } from '../../ui/Link';
import { Spinner } from '../../ui/Spinner';
import { CountQuantity } from './components/CountQuantity';
import { LastCounted } from './components/LastCounted';
import { ListNotFound } from './components/ListNotFound';
import { WalkItems } from './components/WalkItems';
import { ZoneWalk } from './components/ZoneWalk';
import { preloadChanges, useInventoryListHead } from './data';
import { useCount } from './use-count';
import { useOpenList } from './use-open-list';
import { useRecountTarget } from './use-recount-target';
import { useIdleHold } from './use-idle-hold';
import { useWalk, useWalkView, type WalkView } from './use-walk';
import { useLiveList } from './use-live-list';
import { CountedBy } from './components/CountedBy';

const ScannerView = lazy(() => import('./scanner/ScannerView'));
// A closed list takes no counts: its notice (reopening goes through the API and the engine) is not in the first load.
const ClosedNotice = lazy(() => import('./components/ClosedNotice').then((m) => ({ default: m.ClosedNotice })));

/**
 * How long the screen holds the app's deferred start-up work (the engine, the header's menus, the PWA prompts) at most:
 * it goes once the first count is stored, or after this. Offline nothing of it is needed to count; online the engine
 * sends what is stored this much later (decision 0070, fourth round).
 */
const IDLE_HOLD_MS = 4000;

/**
 * /profil/inventering/{id}/rakna — counting with one hand: scan (camera) or type a code, +1 piece / +1 carton, undo the
 * last scan, a number pad for a typed count; zone by zone in the walking order the user set (`?zon=`), with what is not
 * counted yet. Everything works without network; a count shows only once it is stored on the device. While this screen
 * is open an app update waits (useBusy('count')).
 */
export function CountPage() {
  const { id = null } = useParams();
  const found = useInventoryListHead(id);
  // The walk's first rows are read beside the list's row, not after the screen has drawn its heading.
  const view = useWalkView(id);
  const waiting = useOpenList(id, found === null || (found !== undefined && !found.itemsRead));
  useLiveList(id, found?.companyCode ?? null);
  const { t } = useTranslation('inventory');
  useBusy('count');
  const letIdleGo = useIdleHold(IDLE_HOLD_MS);
  if (found === undefined || (found === null && waiting))
    return (
      <div className="flex justify-center py-16 text-primary-700 dark:text-primary-300">
        <Spinner className="size-8" label={t('detail.loading')} />
      </div>
    );
  if (found === null) return <ListNotFound />;
  if (isListClosed(found)) return <ClosedCount list={found} />;
  return <Counter key={found.id} list={found} view={view} onStored={letIdleGo} />;
}

/** A closed list takes no counts (decision 0062): the screen says so instead of offering to count. */
function ClosedCount({ list }: { list: MirrorInventoryList }) {
  const { t } = useTranslation('inventory');
  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-5 px-4 py-6">
      <CountHeading list={list} />
      <Suspense fallback={<Spinner className="size-6" label={t('detail.loading')} />}>
        <ClosedNotice list={list} />
      </Suspense>
    </div>
  );
}

/** The count screen's title, back link and heading, open or closed; `children` go under the heading. */
function CountHeading({ list, children }: { list: MirrorInventoryList; children?: ReactNode }) {
  const { t } = useTranslation('inventory');
  useEffect(() => {
    document.title = documentTitle(t('count.heading', { name: list.name }));
  }, [list.name, t]);
  return (
    <div>
      <Link href={inventoryListPath(list.id)} className="text-base">
        ← {t('count.back')}
      </Link>
      <h1 className="mt-2 text-2xl font-bold break-words text-gray-950 dark:text-white">
        {t('count.heading', { name: list.name })}
      </h1>
      {children}
    </div>
  );
}

/** The screen itself: state and scan queue in useCount, the page draws them. */
function Counter({
  list,
  view,
  onStored,
}: {
  list: MirrorInventoryList;
  view: WalkView | undefined;
  /** A count was stored on the device (the first one lets the app's deferred work start). */
  onStored: () => void;
}) {
  const { t } = useTranslation('inventory');
  const id = useId();
  const sync = useSyncState();
  const w = useWalk(list, view);
  const c = useCount(list, w.step?.zone ?? null, onStored);
  const { code, pick, picked, offer, scanning, unitText } = c;
  useRecountTarget(list.id, c.choose);
  // The code that stores a count, once the walk is drawn: long before the first tap, never before the first paint.
  // Asked for with the first read instead, its zod and engine modules ran before the heading (decision 0070, fourth
  // round: the heading 0.15 s later side by side).
  const drawn = !w.loading;
  useEffect(() => {
    if (drawn) preloadChanges();
  }, [drawn]);
  /** An item chosen in the walk: the card's first button takes the focus once the card shows it. */
  const chosen = useRef<string | null>(null);
  const chooseNow = useRef(c.choose);
  chooseNow.current = c.choose;
  // One function for the whole visit: the walk's rows are drawn once, not again with every tap on the card.
  const chooseInWalk = useCallback((item: MirrorInventoryItem) => {
    chosen.current = item.id;
    chooseNow.current(item);
  }, []);

  useEffect(() => {
    if (!chosen.current || c.item?.id !== chosen.current) return;
    chosen.current = null;
    const card = document.getElementById(`${id}-last`)?.closest('section');
    card?.scrollIntoView?.({ block: 'start' });
    card?.querySelector<HTMLButtonElement>('button')?.focus();
  }, [c.item, id]);

  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-5 px-4 py-6">
      <CountHeading list={list}>
        {sync.pending > 0 && (
          <p className="text-sm text-gray-700 dark:text-gray-300" data-testid="count-pending">
            {t('count.saved')} · {t('count.notSent', { count: sync.pending })}
          </p>
        )}
      </CountHeading>

      {!list.itemsRead && !sync.online && <Alert tone="warning">{t('items.notOnDevice')}</Alert>}

      <ZoneWalk
        id={id}
        walk={w.walk}
        listProgress={w.listProgress}
        zoneProgress={w.zoneProgress}
        steps={w.steps}
        step={w.step}
        previous={w.previous}
        next={w.next}
        goTo={w.goTo}
      />

      <p className="sr-only" aria-live="assertive" data-testid="count-announcement">
        {c.announce}
      </p>

      {scanning && (
        <Suspense fallback={<Spinner className="size-6" label={t('scanner.starting')} />}>
          <ScannerView onCode={(scanned) => void c.onCode(scanned)} />
        </Suspense>
      )}

      <LastCounted
        id={id}
        item={c.item}
        last={c.last}
        units={c.units}
        typing={c.typing}
        unitText={unitText}
        count={c.count}
        toggleTyping={c.toggleTyping}
        setCount={c.setCount}
      />

      {offer && (
        <Alert tone="info">
          {offer.kind === 'article' ? (
            <span className="flex flex-col gap-3">
              {t('count.addArticle', { name: offer.article.name })}
              <PlainButton onClick={() => void c.addAndCount(offer)} size="lg">
                {t('count.addAndCount')}
              </PlainButton>
            </span>
          ) : (
            <span className="flex flex-col gap-3">
              {t('count.unknownCode', { code: offer.code })}
              <LinkButton href={`${paths.myArticles}?gtin=${encodeURIComponent(offer.code)}`} variant="secondary">
                {t('count.addUnknown')}
              </LinkButton>
            </span>
          )}
        </Alert>
      )}

      <section className="flex flex-col gap-3">
        <PlainButton size="lg" className="h-16 text-xl" onClick={c.toggleScanning} aria-expanded={scanning}>
          {scanning ? t('count.stopScan') : t('count.scan')}
        </PlainButton>
        <form onSubmit={(e) => void c.submitCode(e)} className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-code`} className={labelClass}>
            {t('count.manual')}
          </label>
          <div className="flex gap-2">
            <input
              id={`${id}-code`}
              name="code"
              value={code}
              onChange={(e) => c.setCode(e.target.value)}
              inputMode="numeric"
              autoComplete="off"
              className={`${inputClass} h-14 text-xl`}
            />
            <PlainButton type="submit" size="lg" className="h-14">
              {t('count.manualSubmit')}
            </PlainButton>
          </div>
        </form>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-pick`} className={labelClass}>
            {t('count.pick')}
          </label>
          <input
            id={`${id}-pick`}
            type="search"
            value={pick}
            onChange={(e) => c.setPick(e.target.value)}
            placeholder={t('count.pickPlaceholder')}
            className={`${inputClass} h-12`}
          />
          {picked.length > 0 && (
            <ul className="flex flex-col gap-2">
              {picked.map((i) => (
                <li key={i.id}>
                  <PlainButton
                    variant="secondary"
                    className="min-h-12 w-full justify-between text-left"
                    onClick={() => c.choose(i)}
                  >
                    <span>
                      {i.name} ·{' '}
                      <CountQuantity quantity={i.quantity} unit={i.unit} piecesPerCarton={i.piecesPerCarton} />
                    </span>
                    <CountedBy item={i} as="span" />
                  </PlainButton>
                </li>
              ))}
            </ul>
          )}
        </div>
      </section>

      {w.step && !w.loading && (
        <WalkItems
          id={id}
          walk={w.walk}
          step={w.step}
          inZone={w.inZone}
          shown={w.shown}
          show={w.show}
          setShow={w.setShow}
          goTo={w.goTo}
          move={w.move}
          moved={w.moved}
          announce={w.announce}
          choose={chooseInWalk}
        />
      )}
    </div>
  );
}
