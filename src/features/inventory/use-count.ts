import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { InventoryUnit } from '../../../contract/inventory';
import { useCurrentUser } from '../../api/session/hooks';
import { offlineDb } from '../../offline/schema';
import { resolveScan, type ScanResolution } from '../../offline/inventory/scan';
import type { MirrorInventoryItem, MirrorInventoryList } from '../../offline/inventory/tables';
import { toast } from '../../ui/toast-queue';
import { changeErrorText, changeInventory, findListItems } from './data';
import { quantityText } from './quantity-text';
import { scanFeedback } from './scanner/feedback';

export const countNumber = (n: number) => n.toLocaleString('sv-SE', { maximumFractionDigits: 3 });

export interface LastCount {
  itemId: string;
  /** The last scan (what Ångra takes back), or null after a typed count or an undo. */
  scan: { amount: number; unit: InventoryUnit } | null;
}

/** A scanned code the list does not hold: an article of the company's index to add, or a code nobody knows. */
export type CountOffer = Extract<ScanResolution, { kind: 'article' | 'unknown' }>;

/**
 * The count screen's state and its scan queue: what was counted last, the typed code, the pick search, an offer for an
 * unknown code, and what the screen reader hears. `zone` is the walk's current zone (null: the items without one): an
 * article added from a scan goes there. Every count is stored on the device before anything is shown, and scans run
 * one after another, in the order they came; `onStored` is told after each.
 */
export function useCount(list: MirrorInventoryList, zone: string | null, onStored: () => void = () => {}) {
  const { t } = useTranslation('inventory');
  const { data: user } = useCurrentUser();
  const sound = user?.scannerSound ?? true;
  const [scanning, setScanning] = useState(false);
  const [code, setCode] = useState('');
  const [pick, setPick] = useState('');
  const [last, setLast] = useState<LastCount | null>(null);
  /** The item as the store returned it, committed: shown at once, before any live query runs. */
  const [committed, setCommitted] = useState<MirrorInventoryItem | null>(null);
  const [picked, setPicked] = useState<MirrorInventoryItem[]>([]);
  const [offer, setOffer] = useState<CountOffer | null>(null);
  const [typing, setTyping] = useState(false);
  const [announce, setAnnounce] = useState('');
  const busy = useRef(Promise.resolve());
  /**
   * Counts stored since the screen opened: each one beeps once its count is drawn. The first beep creates the page's
   * AudioContext (12–70 ms of the main thread in a profile of an offline reload), which ran before React drew the
   * stored count (decision 0083).
   */
  const [stored, setStored] = useState(0);
  const soundOn = useRef(sound);
  soundOn.current = sound;
  useEffect(() => {
    if (stored > 0) scanFeedback(soundOn.current);
  }, [stored]);
  const lastItem = useLiveQuery(() => (last ? offlineDb().inventoryItems.get(last.itemId) : undefined), [last?.itemId]);

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
          onStored();
          setCommitted(shown);
          setLast({ itemId: item.id, scan: kind === 'undo' ? null : { amount, unit } });
          setOffer(null);
          if (kind === 'undo') setAnnounce(t('count.undone'));
          else {
            setStored((n) => n + 1);
            setAnnounce(
              `${t('count.counted', { amount: countNumber(amount), unit: unitText(unit), name: item.name })}. ${
                shown ? t('count.now', { quantity: countNumber(shown.quantity), unit: unitText(shown.unit) }) : ''
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
    [list.id, t, unitText, onStored],
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

  /** A count typed on the number pad: it replaces what the item held. */
  const setCount = async (item: MirrorInventoryItem, quantity: number, unit: InventoryUnit) => {
    try {
      const result = await changeInventory({ type: 'countSet', listId: list.id, itemId: item.id, quantity, unit });
      onStored();
      setCommitted(result.item);
      setLast({ itemId: item.id, scan: null });
      setTyping(false);
      setStored((n) => n + 1);
      // Said as the count then reads ("2 kartonger och 3 stycken"), not as the pieces a mixed entry was sent in.
      const now = result.item ?? { ...item, quantity, unit };
      setAnnounce(
        t('count.setDone', {
          name: item.name,
          quantity: quantityText(t, now.quantity, now.unit, now.piecesPerCarton).long,
        }),
      );
    } catch (error) {
      toast.error(changeErrorText(error), { id: 'inventory-count' });
    }
  };

  /** An item chosen from the pick search or the walk becomes the one counted next (shown at once). */
  const choose = (item: MirrorInventoryItem) => {
    setCommitted(item);
    setLast({ itemId: item.id, scan: null });
    setPick('');
  };

  useEffect(() => {
    let cancelled = false;
    // The pick search looks in the whole list: what is not in the current zone must be found too.
    void findListItems(list.id, pick, '').then((found) => !cancelled && setPicked(found));
    return () => {
      cancelled = true;
    };
  }, [list.id, pick]);

  // The live item once it has caught up with the committed one (a sync may move it on later).
  const live = lastItem && (!committed || committed.id !== lastItem.id || lastItem.countCount >= committed.countCount);
  const item = live ? lastItem : committed && committed.id === last?.itemId ? committed : (lastItem ?? null);
  const units: InventoryUnit[] = item
    ? item.piecesPerCarton > 1
      ? [item.unit, item.unit === 'piece' ? 'carton' : 'piece']
      : [item.unit]
    : [];

  return {
    scanning,
    toggleScanning: () => setScanning((v) => !v),
    code,
    setCode,
    pick,
    setPick,
    picked,
    last,
    item,
    units,
    offer,
    typing,
    toggleTyping: () => setTyping((v) => !v),
    announce,
    unitText,
    count,
    onCode,
    addAndCount,
    submitCode,
    setCount,
    choose,
  };
}
