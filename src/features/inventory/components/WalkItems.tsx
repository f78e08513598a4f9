import { memo, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MirrorInventoryItem } from '../../../offline/inventory/tables';
import { PlainButton } from '../../../ui/PlainButton';
import { CountQuantity } from './CountQuantity';
import type { WalkShow } from '../use-walk';
import type { Walk, WalkPlace } from '../walk';

/** Rows drawn at first (and added per "Visa fler"): a zone of a thousand items opens as quickly as a small one. */
const PAGE = 50;
/**
 * Rows drawn in the screen's first frame; the rest of the page follows in a render React may interrupt (a tap is
 * answered first). The walk starts below the number pad, so these are more than a phone shows when scrolled there.
 */
const FIRST_ROWS = 12;

interface WalkItemsProps {
  id: string;
  /** Every zone's progress; null until the background tallies are in (the zone's rows come first). */
  walk: Walk | null;
  step: WalkPlace;
  /** The zone's items in walking order. */
  inZone: MirrorInventoryItem[];
  /** What is drawn: all of them or those not counted yet. */
  shown: MirrorInventoryItem[];
  show: WalkShow;
  setShow: (show: WalkShow) => void;
  goTo: (param: string) => void;
  move: (itemId: string, direction: -1 | 1) => Promise<void>;
  moved: { id: string; direction: -1 | 1; position: number } | null;
  announce: string;
  /** One tap: the item becomes the one counted (+1 / number pad above). */
  choose: (item: MirrorInventoryItem) => void;
}

/**
 * The current zone in walking order, or what is not counted yet (in the zone, and per zone for the list). Each row
 * counts its article in one tap and moves up or down in the walk with buttons; the new place is announced.
 */
export const WalkItems = memo(function WalkItems(props: WalkItemsProps) {
  const { id, walk, step, inZone, shown, show, setShow, goTo, move, moved, announce, choose } = props;
  const { t } = useTranslation('inventory');
  const [limit, setLimit] = useState(PAGE);
  const drawn = useDeferredValue(limit, FIRST_ROWS);
  const list = useRef<HTMLOListElement>(null);
  const focused = useRef<WalkItemsProps['moved']>(null);
  const position = useMemo(() => new Map(inZone.map((item, index) => [item.id, index])), [inZone]);

  useEffect(() => setLimit(PAGE), [step.param, show]);

  // The moved row's button keeps the focus (or its other button, at the top or the bottom of the walk) — once the row
  // stands at its new place, and only then: later scans redraw the zone and must not pull the focus back here.
  useEffect(() => {
    if (!moved || focused.current === moved || inZone[moved.position]?.id !== moved.id) return;
    focused.current = moved;
    const row = list.current?.querySelector<HTMLElement>(`[data-item-id="${moved.id}"]`);
    const wanted = row?.querySelector<HTMLButtonElement>(`[data-move="${moved.direction}"]:not([disabled])`);
    (wanted ?? row?.querySelector<HTMLButtonElement>('[data-move]:not([disabled])'))?.focus();
  }, [moved, inZone]);

  return (
    <section aria-labelledby={`${id}-items`} className="flex flex-col gap-3" data-testid="walk-items">
      <h2 id={`${id}-items`} className="text-lg font-semibold text-gray-950 dark:text-white">
        {t('walk.itemsHeading', { zone: step.label })}
      </h2>
      <div role="group" aria-label={t('walk.showLabel')} className="grid grid-cols-2 gap-3">
        <PlainButton
          variant={show === 'all' ? 'primary' : 'secondary'}
          aria-pressed={show === 'all'}
          onClick={() => setShow('all')}
        >
          {t('walk.showAll')}
        </PlainButton>
        <PlainButton
          variant={show === 'notCounted' ? 'primary' : 'secondary'}
          aria-pressed={show === 'notCounted'}
          onClick={() => setShow('notCounted')}
        >
          {t('walk.showNotCounted')}
        </PlainButton>
      </div>
      {show === 'notCounted' && walk && (
        <div className="flex flex-col gap-2" data-testid="not-counted-summary">
          <p className="text-gray-800 dark:text-gray-200">
            {t('walk.notCountedList', { count: walk.total - walk.counted })}
          </p>
          <ul className="flex flex-wrap gap-2">
            {walk.steps
              .filter((s) => s.total > s.counted)
              .map((s) => (
                <li key={s.param}>
                  <PlainButton
                    size="sm"
                    variant={s.param === step.param ? 'primary' : 'secondary'}
                    aria-current={s.param === step.param ? 'true' : undefined}
                    onClick={() => goTo(s.param)}
                  >
                    {t('walk.notCountedZone', { zone: s.label, count: s.total - s.counted })}
                  </PlainButton>
                </li>
              ))}
          </ul>
        </div>
      )}
      <p className="text-sm text-gray-700 dark:text-gray-300">{t('walk.orderHint')}</p>
      <p className="sr-only" aria-live="polite" data-testid="walk-announcement">
        {announce}
      </p>
      {shown.length === 0 ? (
        <p className="text-gray-700 dark:text-gray-300">
          {show === 'all' || inZone.length === 0 ? t('walk.empty') : t('walk.allCounted')}
        </p>
      ) : (
        <ol ref={list} className="flex flex-col gap-2">
          {shown.slice(0, drawn).map((item) => {
            const at = position.get(item.id) ?? 0;
            return (
              <WalkRow
                key={item.id}
                item={item}
                first={at === 0}
                last={at === inZone.length - 1}
                choose={choose}
                move={move}
              />
            );
          })}
        </ol>
      )}
      {shown.length > limit && (
        <PlainButton variant="secondary" onClick={() => setLimit((n) => n + PAGE)}>
          {t('walk.more', { count: shown.length - limit })}
        </PlainButton>
      )}
    </section>
  );
});

interface WalkRowProps {
  item: MirrorInventoryItem;
  /** The first / last of the zone's walk: it cannot move further up / down. */
  first: boolean;
  last: boolean;
  choose: (item: MirrorInventoryItem) => void;
  move: (itemId: string, direction: -1 | 1) => Promise<void>;
}

/** What a row shows or hands to the card: the fields an item's own change moves. */
const ROW_FIELDS = [
  'id',
  'name',
  'articleNumber',
  'zone',
  'counted',
  'quantity',
  'unit',
  'piecesPerCarton',
  'countCount',
  'lastCountedAt',
] as const satisfies readonly (keyof MirrorInventoryItem)[];

/**
 * A row is drawn again only when its own item changes: a count re-reads the whole zone (new objects for every row),
 * and redrawing a thousand unchanged rows per count is what this saves.
 */
const sameRow = (a: WalkRowProps, b: WalkRowProps) =>
  a.first === b.first &&
  a.last === b.last &&
  a.choose === b.choose &&
  a.move === b.move &&
  ROW_FIELDS.every((field) => a.item[field] === b.item[field]);

/**
 * One row of the walk: plain buttons (the platform's own keyboard and screen-reader behaviour, without React Aria's
 * press handling per button — three per row, fifty rows at first, were most of the count screen's first paint).
 */
const WalkRow = memo(function WalkRow({ item, first, last, choose, move }: WalkRowProps) {
  const { t } = useTranslation('inventory');
  return (
    <li
      data-testid="walk-item"
      data-item-id={item.id}
      className="flex items-stretch gap-2 rounded-lg border border-gray-200 bg-white p-2 dark:border-gray-700 dark:bg-gray-900"
    >
      <PlainButton variant="ghost" className="min-h-12 flex-1 justify-between text-left" onClick={() => choose(item)}>
        <span className="sr-only">{t('walk.countPrefix')} </span>
        <span className="break-words" data-testid="walk-item-name">
          {item.name}
        </span>
        <span className="shrink-0 font-normal tabular-nums" data-testid="walk-item-quantity">
          {item.counted ? (
            <CountQuantity quantity={item.quantity} unit={item.unit} piecesPerCarton={item.piecesPerCarton} />
          ) : (
            t('items.notCounted')
          )}
        </span>
      </PlainButton>
      <PlainButton
        variant="secondary"
        className="min-h-12 w-12 px-0"
        aria-label={t('walk.moveUp', { name: item.name })}
        data-move="-1"
        disabled={first}
        onClick={() => void move(item.id, -1)}
      >
        <span aria-hidden="true">↑</span>
      </PlainButton>
      <PlainButton
        variant="secondary"
        className="min-h-12 w-12 px-0"
        aria-label={t('walk.moveDown', { name: item.name })}
        data-move="1"
        disabled={last}
        onClick={() => void move(item.id, 1)}
      >
        <span aria-hidden="true">↓</span>
      </PlainButton>
    </li>
  );
}, sameRow);
