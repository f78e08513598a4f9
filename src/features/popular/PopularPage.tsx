import { useQuery } from '@tanstack/react-query';
import { startTransition, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { PopularArticle } from '../../../contract/orders';
import { errorMessage } from '../../api/error-message';
import { popularArticlesQuery } from '../../api/queries/orders';
import { useActiveCompany } from '../../api/session/hooks';
import { addDays, dayOf } from '../../../contract/rules/days';
import { formatShortDate } from '../../../contract/rules/swedish-dates';
import { formatSek } from '../../lib/money';
import { productPath } from '../../lib/paths';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { tryChangeCart } from '../../ui/cart/cart-actions';
import { QuantityField } from '../../ui/cart/QuantityField';
import { inputClass, labelClass } from '../../ui/field-styles';
import { Link } from '../../ui/Link';
import { Spinner } from '../../ui/Spinner';
import { toast } from '../../ui/toast-queue';

const PERIODS = ['30', '90', '365'] as const;
/**
 * The rows drawn with the answer; the others follow in a transition that React renders in slices. Each row is a
 * quantity field and buttons: 50 of them in one task took seconds on a busy phone (issue #16: rows at 5.7 s whose
 * answer came at 1.1 s, in one 4.3 s task), and nothing showed until the last was done. Ten fill a phone's screen.
 */
const FIRST_ROWS = 10;
type Period = (typeof PERIODS)[number];

/** /profil/populara-artiklar — the company's most ordered products over a period, each addable to the cart. */
export function PopularPage() {
  const { t } = useTranslation('orders');
  const company = useActiveCompany();
  const [params, setParams] = useSearchParams();
  const period: Period = (PERIODS as readonly string[]).includes(params.get('period') ?? '')
    ? (params.get('period') as Period)
    : '365';
  const today = dayOf(new Date());
  const range = {
    from: addDays(today, -Number(period)),
    to: today,
    limit: 50,
  };
  const query = useQuery({ ...popularArticlesQuery(company.code ?? '', range), enabled: company.code !== null });
  const articles = query.data?.data;
  // Per answer: another period's answer starts again with its first rows.
  const [allRowsOf, setAllRowsOf] = useState<PopularArticle[] | undefined>();
  useEffect(() => {
    if (articles && articles.length > FIRST_ROWS) startTransition(() => setAllRowsOf(articles));
  }, [articles]);
  const allRows = allRowsOf === articles;

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-gray-950 dark:text-white">{t('popular.title')}</h1>
      <p className="mt-2 text-gray-700 dark:text-gray-300">{t('popular.intro')}</p>
      <label className="mt-6 flex max-w-xs flex-col gap-1.5">
        <span className={labelClass}>{t('popular.period')}</span>
        <select
          value={period}
          onChange={(e) => setParams(e.target.value === '365' ? {} : { period: e.target.value }, { replace: true })}
          className={inputClass}
        >
          {PERIODS.map((p) => (
            <option key={p} value={p}>
              {t(`popular.periods.${p}`)}
            </option>
          ))}
        </select>
      </label>
      <div className="mt-6">
        {!company.code && !company.loading ? (
          <Alert tone="info">{t('noCompany')}</Alert>
        ) : query.isPending ? (
          <div className="flex justify-center py-12 text-primary-700 dark:text-primary-300">
            <Spinner className="size-8" label={t('popular.loading')} />
          </div>
        ) : query.isError ? (
          <Alert tone="error">{errorMessage(query.error)}</Alert>
        ) : query.data.data.length === 0 ? (
          <p className="text-gray-700 dark:text-gray-300">{t('popular.empty')}</p>
        ) : (
          <ul
            aria-label={t('popular.table')}
            className="divide-y divide-gray-200 rounded-2xl border border-gray-200 bg-white dark:divide-gray-700 dark:border-gray-700 dark:bg-gray-900"
          >
            {(allRows ? query.data.data : query.data.data.slice(0, FIRST_ROWS)).map((article) => (
              <PopularRow key={article.product.id} companyCode={company.code!} article={article} />
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

function PopularRow({ companyCode, article }: { companyCode: string; article: PopularArticle }) {
  const { t } = useTranslation('orders');
  const { t: tc } = useTranslation('cart');
  const [quantity, setQuantity] = useState(1);
  const { product } = article;
  const unit = tc(article.unit === 'carton' ? 'unit.cartonShort' : 'unit.pieceShort');
  const orderable = !product.discontinued && !product.expired;

  async function add() {
    const result = await tryChangeCart({
      type: 'addProduct',
      companyCode,
      product,
      quantity,
      price: { price: article.price, listPrice: article.price, kind: article.priceKind },
    });
    if (result) {
      toast.success(t('popular.added', { name: product.name }), { id: 'cart-added' });
      setQuantity(1);
    }
  }

  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between" data-testid="popular-row">
      <div className="min-w-0">
        <p className="font-semibold text-gray-950 dark:text-white">
          <Link href={productPath(product.slug)} className="no-underline hover:underline">
            {product.name}
          </Link>
        </p>
        <p className="text-sm text-gray-700 dark:text-gray-300">
          {tc('line.articleNumber', { sku: product.sku })} · {t('popular.ordered')}{' '}
          {article.quantity.toLocaleString('sv-SE', { maximumFractionDigits: 3 })} {unit}{' '}
          {t('popular.orders', { count: article.orderCount })} ·{' '}
          {t('popular.lastOrdered', { date: formatShortDate(article.lastOrdered) })}
        </p>
        <p className="text-sm font-semibold text-gray-950 dark:text-white">
          {t('popular.price')}: {formatSek(article.price)}/
          {tc(product.unit === 'carton' ? 'unit.cartonShort' : 'unit.pieceShort')}
        </p>
      </div>
      {orderable ? (
        <div className="flex items-end gap-2">
          <QuantityField
            value={quantity}
            onChange={setQuantity}
            hideLabel
            size="sm"
            label={t('popular.quantity', { name: product.name })}
          />
          <Button size="sm" onPress={() => void add()}>
            {t('popular.addShort')}
            <span className="sr-only">: {product.name}</span>
          </Button>
        </div>
      ) : (
        <p className="text-sm font-medium text-gray-700 dark:text-gray-300">{t('popular.notOrderable')}</p>
      )}
    </li>
  );
}
