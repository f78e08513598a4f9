import { useTranslation } from 'react-i18next';
import type { InventoryListItem } from '../../../../contract/inventory';

const time = new Intl.DateTimeFormat('sv-SE', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Stockholm' });
const dayAndTime = new Intl.DateTimeFormat('sv-SE', {
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/Stockholm',
});
const day = new Intl.DateTimeFormat('sv-SE', { dateStyle: 'short', timeZone: 'Europe/Stockholm' });

/** "14:02" today, "12 nov. 14:02" another day (Swedish time, as the kitchen reads the clock). */
function when(iso: string, now = new Date()): string {
  const at = new Date(iso);
  return day.format(at) === day.format(now) ? time.format(at) : dayAndTime.format(at);
}

/**
 * Who counted the item last and when ("Anna Berg · 14:02"), so that two phones on one list see whose number they
 * look at (issue #15); a screen reader hears it in words. Nothing before the first count.
 */
export function CountedBy({
  item,
  as: Tag = 'p',
}: {
  item: Pick<InventoryListItem, 'lastCountedBy' | 'lastCountedAt'>;
  /** `span` inside a button (the count screen's picked rows), where a paragraph may not stand. */
  as?: 'p' | 'span';
}) {
  const { t } = useTranslation('inventory');
  if (!item.lastCountedAt) return null;
  const at = when(item.lastCountedAt);
  const name = item.lastCountedBy?.name;
  return (
    <Tag className="text-sm text-gray-600 dark:text-gray-300" data-testid="item-counted-by">
      <span aria-hidden="true">{name ? t('items.countedBy', { name, when: at }) : at}</span>
      <span className="sr-only">
        {name ? t('items.countedByLong', { name, when: at }) : t('items.countedAtLong', { when: at })}
      </span>
    </Tag>
  );
}
