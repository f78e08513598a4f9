import { useTranslation } from 'react-i18next';
import type { OrderDetail } from '../../../contract/orders';
import { formatSek } from '../../lib/money';
import { CartTotals } from './CartTotals';

const quantityText = (n: number) => n.toLocaleString('sv-SE', { maximumFractionDigits: 3 });

/**
 * An order's rows (A-price, row total) and totals, as the server gave them (confirmation, order detail). On a phone each
 * row is a card (`card-table`, decision 0065).
 */
export function OrderSummary({ order, headingLevel = 2 }: { order: OrderDetail; headingLevel?: 2 | 3 }) {
  const { t } = useTranslation('cart');
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const cell = 'px-3 py-2 text-left align-top';
  return (
    <section aria-labelledby="order-rows-heading" className="flex flex-col gap-4">
      <Heading id="order-rows-heading" className="text-xl font-bold text-gray-950 dark:text-white">
        {t('order.rows')}
      </Heading>
      <div className="overflow-x-auto rounded-xl border border-gray-200 dark:border-gray-700">
        <table
          role="table"
          className="card-table w-full text-sm text-gray-800 dark:text-gray-200"
          data-testid="order-rows"
        >
          <thead className="bg-gray-50 text-xs font-semibold tracking-wide text-gray-600 uppercase dark:bg-gray-800/60 dark:text-gray-300">
            <tr role="row">
              <th scope="col" role="columnheader" className={cell}>
                {t('order.product')}
              </th>
              <th scope="col" role="columnheader" className={`${cell} text-right`}>
                {t('order.quantity')}
              </th>
              <th scope="col" role="columnheader" className={`${cell} text-right`}>
                {t('order.aPrice')}
              </th>
              <th scope="col" role="columnheader" className={`${cell} text-right`}>
                {t('order.rowTotal')}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-200 dark:divide-gray-700">
            {order.rows.map((row) => (
              <tr key={row.lineNumber} role="row" data-testid="order-row">
                <td role="cell" className={cell}>
                  <span className="font-medium text-gray-950 dark:text-white">{row.name}</span>
                  <span className="block text-xs text-gray-600 dark:text-gray-400">
                    {t('order.articleNumber', { sku: row.sku })}
                  </span>
                </td>
                <td role="cell" data-label={t('order.quantity')} className={`${cell} text-right tabular-nums`}>
                  {quantityText(row.quantity)} {t(row.unit === 'carton' ? 'unit.cartonShort' : 'unit.pieceShort')}
                </td>
                <td
                  role="cell"
                  data-label={t('order.aPrice')}
                  className={`${cell} text-right whitespace-nowrap tabular-nums`}
                >
                  {formatSek(row.aPrice)}
                </td>
                <td
                  role="cell"
                  data-label={t('order.rowTotal')}
                  className={`${cell} text-right whitespace-nowrap tabular-nums`}
                >
                  {formatSek(row.rowTotal)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <CartTotals totals={order.totals} className="ml-auto w-full max-w-sm" />
    </section>
  );
}
