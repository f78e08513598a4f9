import { useLiveQuery } from 'dexie-react-hooks';
import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { InventoryUnit } from '../../../contract/inventory';
import { useCurrentUser, useSyncState } from '../../api/session/hooks';
import { useBusy } from '../../app/pwa/busy';
import { inventoryListPath, paths } from '../../lib/paths';
import { documentTitle } from '../../lib/title';
import { offlineDb } from '../../offline';
import { resolveScan, type ScanResolution } from '../../offline/inventory/scan';
import type { MirrorInventoryItem, MirrorInventoryList } from '../../offline/inventory/tables';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { inputClass, labelClass } from '../../ui/field-styles';
import { Link, LinkButton } from '../../ui/Link';
import { Spinner } from '../../ui/Spinner';
import { toast } from '../../ui/toast-queue';
import { ListNotFound } from './components/ListNotFound';
import { NumberPad } from './components/NumberPad';
import { changeErrorText, changeInventory, findListItems, useInventoryCompany, useInventoryListHead } from './data';
import { scanFeedback } from './scanner/feedback';
import { useOpenList } from './use-open-list';

const ScannerView = lazy(() => import('./scanner/ScannerView'));
const number = (n: number) => n.toLocaleString('sv-SE', { maximumFractionDigits: 3 });

/**
 * /profil/inventering/{id}/rakna — counting with one hand: scan (camera) or type a code, +1 piece / +1 carton, undo the
 * last scan, a number pad for a typed count. Everything works without network; a count shows only once it is stored
 * on the device. While this screen is open an app update waits (useBusy('count')).
 */
export function CountPage() {
  const { id = null } = useParams();
  const found = useInventoryListHead(id);
  const waiting = useOpenList(id, found === null || (found !== undefined && !found.itemsRead));
  const { t } = useTranslation('inventory');
  useBusy('count');
  if (found === undefined || (found === null && waiting))
    return (
      <div className="flex justify-center py-16 text-primary-700 dark:text-primary-300">
        <Spinner className="size-8" label={t('detail.loading')} />
      </div>
    );
  if (found === null) return <ListNotFound />;
  return <Counter key={found.id} list={found} />;
}

interface LastCount {
  itemId: string;
  /** The last scan (what Ångra takes back), or null after a typed count or an undo. */
  scan: { amount: number; unit: InventoryUnit } | null;
}

function Counter({ list }: { list: MirrorInventoryList }) {
  const { t } = useTranslation('inventory');
  const id = useId();
  const { data: user } = useCurrentUser();
  const sound = user?.scannerSound ?? true;
  const sync = useSyncState();
  const company = useInventoryCompany(list.companyCode);
  const [zone, setZone] = useState('');
  const [scanning, setScanning] = useState(false);
  const [code, setCode] = useState('');
  const [pick, setPick] = useState('');
  const [last, setLast] = useState<LastCount | null>(null);
  /** The item as the store returned it, committed: shown at once, before any live query runs. */
  const [committed, setCommitted] = useState<MirrorInventoryItem | null>(null);
  const [picked, setPicked] = useState<MirrorInventoryItem[]>([]);
  const [offer, setOffer] = useState<Extract<ScanResolution, { kind: 'article' | 'unknown' }> | null>(null);
  const [typing, setTyping] = useState(false);
  const [announce, setAnnounce] = useState('');
  const busy = useRef(Promise.resolve());
  const lastItem = useLiveQuery(() => (last ? offlineDb().inventoryItems.get(last.itemId) : undefined), [last?.itemId]);

  useEffect(() => {
    document.title = documentTitle(t('count.heading', { name: list.name }));
  }, [list.name, t]);

  const unitText = useCallback((u: InventoryUnit) => t(`items.units.${u}`), [t]);

  /** One count, stored on the device before anything is shown. Scans run one after another, in order. */
  const count = useCallback(
    (item: Pick<MirrorInventoryItem, 'id' | 'name'>, amount: number, unit: InventoryUnit, kind: 'delta' | 'undo') => {
      const run = async () => {
        try {
          const result = await changeInventory(
            kind === 'undo'
              ? { type: 'undoScan', listId: list.id, itemId: item.id, amount, unit }
              : { type: 'countDelta', listId: list.id, itemId: item.id, amount, unit },
          );
          const shown = result.item;
          setCommitted(shown);
          setLast({ itemId: item.id, scan: kind === 'undo' ? null : { amount, unit } });
          setOffer(null);
          if (kind === 'undo') setAnnounce(t('count.undone'));
          else {
            scanFeedback(sound);
            setAnnounce(
              `${t('count.counted', { amount: number(amount), unit: unitText(unit), name: item.name })}. ${
                shown ? t('count.now', { quantity: number(shown.quantity), unit: unitText(shown.unit) }) : ''
              }`,
            );
          }
        } catch (error) {
          toast.error(changeErrorText(error), { id: 'inventory-count' });
        }
      };
      busy.current = busy.current.then(run);
      return busy.current;
    },
    [list.id, sound, t, unitText],
  );

  const onCode = useCallback(
    async (raw: string) => {
      const found = await resolveScan(offlineDb(), list.companyCode, list.id, raw);
      if (found.kind === 'item') await count(found.item, 1, found.unit, 'delta');
      else {
        setOffer(found);
        setAnnounce(
          found.kind === 'article'
            ? t('count.addArticle', { name: found.article.name })
            : t('count.unknownCode', { code: found.code }),
        );
      }
    },
    [count, list.companyCode, list.id, t],
  );

  const addAndCount = async (resolution: Extract<ScanResolution, { kind: 'article' }>) => {
    try {
      const added = await changeInventory({
        type: 'addItem',
        listId: list.id,
        article: resolution.article,
        ...(zone ? { zone } : {}),
      });
      await count({ id: added.id!, name: resolution.article.name }, 1, resolution.unit, 'delta');
    } catch (error) {
      toast.error(changeErrorText(error), { id: 'inventory-count' });
    }
  };

  const submitCode = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return;
    await onCode(code);
    setCode('');
  };

  useEffect(() => {
    let cancelled = false;
    void findListItems(list.id, pick, zone).then((found) => !cancelled && setPicked(found));
    return () => {
      cancelled = true;
    };
  }, [list.id, pick, zone]);

  // The live item once it has caught up with the committed one (a sync may move it on later).
  const live = lastItem && (!committed || committed.id !== lastItem.id || lastItem.countCount >= committed.countCount);
  const item = live ? lastItem : committed && committed.id === last?.itemId ? committed : (lastItem ?? null);
  const units: InventoryUnit[] = item
    ? item.piecesPerCarton > 1
      ? [item.unit, item.unit === 'piece' ? 'carton' : 'piece']
      : [item.unit]
    : [];

  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-5 px-4 py-6">
      <div>
        <Link href={inventoryListPath(list.id)} className="text-base">
          ← {t('count.back')}
        </Link>
        <h1 className="mt-2 text-2xl font-bold break-words text-gray-950 dark:text-white">
          {t('count.heading', { name: list.name })}
        </h1>
        {sync.pending > 0 && (
          <p className="text-sm text-gray-700 dark:text-gray-300" data-testid="count-pending">
            {t('count.saved')} · {t('count.notSent', { count: sync.pending })}
          </p>
        )}
      </div>

      {!list.itemsRead && !sync.online && <Alert tone="warning">{t('items.notOnDevice')}</Alert>}

      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-zone`} className={labelClass}>
          {t('count.zone')}
        </label>
        <select
          id={`${id}-zone`}
          value={zone}
          onChange={(e) => setZone(e.target.value)}
          className={`${inputClass} h-12 text-lg`}
        >
          <option value="">{t('count.allZones')}</option>
          {(company?.zones ?? []).map((z) => (
            <option key={z.id} value={z.name}>
              {z.name}
            </option>
          ))}
        </select>
      </div>

      <p className="sr-only" aria-live="assertive" data-testid="count-announcement">
        {announce}
      </p>

      <section
        aria-labelledby={`${id}-last`}
        className="rounded-2xl border-2 border-primary-200 bg-white p-4 dark:border-primary-800 dark:bg-gray-900"
      >
        <h2
          id={`${id}-last`}
          className="text-sm font-semibold tracking-wide text-gray-600 uppercase dark:text-gray-300"
        >
          {t('count.last')}
        </h2>
        {item ? (
          <div data-testid="last-counted" data-item-id={item.id}>
            <p className="mt-1 text-xl font-bold break-words text-gray-950 dark:text-white">{item.name}</p>
            <p className="text-sm text-gray-600 dark:text-gray-300">
              {item.articleNumber}
              {item.zone ? ` · ${item.zone}` : ''}
              {item.piecesPerCarton > 1 ? ` · ${t('count.cartonInPieces', { pieces: item.piecesPerCarton })}` : ''}
            </p>
            {last?.scan && (
              <p className="mt-1 text-lg font-semibold text-green-800 dark:text-green-300" data-testid="last-scan">
                +{number(last.scan.amount)} {unitText(last.scan.unit)}
                {last.scan.unit === 'carton' && item.piecesPerCarton > 1
                  ? ` (${number(last.scan.amount * item.piecesPerCarton)} ${unitText('piece')})`
                  : ''}
              </p>
            )}
            <p
              className="mt-2 text-4xl font-bold text-gray-950 tabular-nums dark:text-white"
              data-testid="last-quantity"
            >
              {number(item.quantity)} {unitText(item.unit)}
            </p>
            <div className="mt-4 grid grid-cols-2 gap-3">
              <Button size="lg" className="h-16 text-xl" onPress={() => void count(item, 1, 'piece', 'delta')}>
                {t('count.plusPiece')}
              </Button>
              {item.piecesPerCarton > 1 ? (
                <Button size="lg" className="h-16 text-xl" onPress={() => void count(item, 1, 'carton', 'delta')}>
                  {t('count.plusCarton')}
                </Button>
              ) : (
                <span />
              )}
              <Button
                size="lg"
                variant="secondary"
                className="h-16 text-xl"
                isDisabled={!last?.scan}
                onPress={() => last?.scan && void count(item, last.scan.amount, last.scan.unit, 'undo')}
              >
                {t('count.undo')}
              </Button>
              <Button
                size="lg"
                variant="secondary"
                className="h-16 text-xl"
                onPress={() => setTyping((v) => !v)}
                aria-expanded={typing}
              >
                {t('count.typeCount')}
              </Button>
            </div>
            {typing && (
              <div className="mt-4">
                <NumberPad
                  name={item.name}
                  units={units}
                  onSubmit={async (quantity, unit) => {
                    try {
                      const result = await changeInventory({
                        type: 'countSet',
                        listId: list.id,
                        itemId: item.id,
                        quantity,
                        unit,
                      });
                      setCommitted(result.item);
                      setLast({ itemId: item.id, scan: null });
                      setTyping(false);
                      scanFeedback(sound);
                      setAnnounce(
                        t('count.setDone', { name: item.name, quantity: number(quantity), unit: unitText(unit) }),
                      );
                    } catch (error) {
                      toast.error(changeErrorText(error), { id: 'inventory-count' });
                    }
                  }}
                />
              </div>
            )}
          </div>
        ) : (
          <p className="mt-1 text-gray-700 dark:text-gray-300">{t('count.nothingYet')}</p>
        )}
      </section>

      {offer && (
        <Alert tone="info">
          {offer.kind === 'article' ? (
            <span className="flex flex-col gap-3">
              {t('count.addArticle', { name: offer.article.name })}
              <Button onPress={() => void addAndCount(offer)} size="lg">
                {t('count.addAndCount')}
              </Button>
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
        <Button size="lg" className="h-16 text-xl" onPress={() => setScanning((v) => !v)} aria-expanded={scanning}>
          {scanning ? t('count.stopScan') : t('count.scan')}
        </Button>
        {scanning && (
          <Suspense fallback={<Spinner className="size-6" label={t('scanner.starting')} />}>
            <ScannerView onCode={(c) => void onCode(c)} />
          </Suspense>
        )}
        <form onSubmit={(e) => void submitCode(e)} className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-code`} className={labelClass}>
            {t('count.manual')}
          </label>
          <div className="flex gap-2">
            <input
              id={`${id}-code`}
              name="code"
              value={code}
              onChange={(e) => setCode(e.target.value)}
              inputMode="numeric"
              autoComplete="off"
              className={`${inputClass} h-14 text-xl`}
            />
            <Button type="submit" size="lg" className="h-14">
              {t('count.manualSubmit')}
            </Button>
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
            onChange={(e) => setPick(e.target.value)}
            placeholder={t('count.pickPlaceholder')}
            className={`${inputClass} h-12`}
          />
          {picked.length > 0 && (
            <ul className="flex flex-col gap-2">
              {picked.map((i) => (
                <li key={i.id}>
                  <Button
                    variant="secondary"
                    className="min-h-12 w-full justify-between text-left"
                    onPress={() => {
                      setLast({ itemId: i.id, scan: null });
                      setPick('');
                    }}
                  >
                    {i.name} · {number(i.quantity)} {unitText(i.unit)}
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </div>
      </section>
    </div>
  );
}
