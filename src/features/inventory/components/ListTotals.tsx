import { useTranslation } from 'react-i18next';
import type { InventoryGroup } from '../../../../contract/inventory';
import { formatSek, formatSignedSek } from '../../../lib/money';
import type { Totals } from '../logic';
import { ExportButtons } from './ExportButtons';

interface ListTotalsProps {
  /** The page's id prefix (`${id}-totals` names the section). */
  id: string;
  totals: Totals;
  companyCode: string;
  listId: string;
  /** How the exports group their lines. */
  group: InventoryGroup;
}

/**
 * A list's value: the total, by zone and by account, and the exports; beside each value its variance in SEK against
 * the previous list, when there is one to compare with.
 */
export function ListTotals({ id, totals, companyCode, listId, group }: ListTotalsProps) {
  const { t } = useTranslation('inventory');
  return (
    <section
      aria-labelledby={`${id}-totals`}
      className="rounded-2xl border border-gray-200 bg-white p-5 shadow-sm dark:border-gray-700 dark:bg-gray-900"
    >
      <h2 id={`${id}-totals`} className="text-lg font-bold text-gray-950 dark:text-white">
        {t('totals.heading')}
      </h2>
      <p className="mt-2 flex justify-between gap-3 text-lg font-bold text-gray-950 dark:text-white">
        <span>{t('totals.total')}</span>
        <span className="tabular-nums" data-testid="inventory-total">
          {formatSek(totals.total)}
        </span>
      </p>
      {totals.varianceValue !== null && (
        <p className="mt-1 flex justify-between gap-3 text-gray-800 dark:text-gray-200">
          <span>{t('totals.variance')}</span>
          <span className="tabular-nums" data-testid="inventory-variance">
            {formatSignedSek(totals.varianceValue)}
          </span>
        </p>
      )}
      {(['byZone', 'byAccount'] as const).map((key) => (
        <details key={key} className="mt-3">
          <summary className="cursor-pointer font-semibold text-gray-900 dark:text-gray-100">
            {t(`totals.${key}`)}
          </summary>
          <dl className="mt-2 flex flex-col gap-1 text-sm">
            {totals[key].map((g) => (
              <div key={g.key ?? '-'} className="flex justify-between gap-3">
                <dt className="text-gray-700 dark:text-gray-300">{g.label}</dt>
                <dd className="text-right text-gray-950 tabular-nums dark:text-white">
                  {formatSek(g.subtotal)}
                  {g.varianceValue !== null && (
                    <span className="block text-gray-700 dark:text-gray-300" data-testid="inventory-group-variance">
                      {t('items.varianceValue', { value: formatSignedSek(g.varianceValue) })}
                    </span>
                  )}
                </dd>
              </div>
            ))}
          </dl>
        </details>
      ))}
      <div className="mt-4">
        <ExportButtons companyCode={companyCode} listId={listId} group={group} />
      </div>
    </section>
  );
}
