import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProductDetail } from '../../../../contract/catalog';
import { formatDate } from '../../../../contract/rules/swedish-dates';
import { categoryPath } from '../../../lib/paths';
import { Link } from '../../../ui/Link';
import { unitText } from '../../../ui/catalog/unit-text';

const sectionClass = 'rounded-2xl border border-gray-200 bg-white p-5 sm:p-6 dark:border-gray-700 dark:bg-gray-900';
const h2Class = 'text-lg font-bold text-gray-950 dark:text-white';

const decimal = new Intl.NumberFormat('sv-SE', { maximumFractionDigits: 1 });

/** Description, product facts, nutrients (a real table), ingredients and data sheets. */
export function ProductFacts({ product }: { product: ProductDetail }) {
  const { t } = useTranslation('catalog');

  const temperature =
    product.temperatureMin !== null && product.temperatureMax !== null
      ? t('product.temperatureRange', { min: product.temperatureMin, max: product.temperatureMax })
      : product.temperatureMin !== null
        ? t('product.temperatureMin', { min: product.temperatureMin })
        : product.temperatureMax !== null
          ? t('product.temperatureMax', { max: product.temperatureMax })
          : null;

  const facts: [string, ReactNode, string][] = [
    [t('product.sku'), product.sku, 'sku'],
    [t('product.brand'), product.brandName, 'brand'],
    [t('product.unit'), unitText(t, product.unit, product.piecesPerCarton), 'unit'],
    [t('product.packageSize'), product.packageSize, 'packageSize'],
    [t('product.packageType'), product.packageType, 'packageType'],
    [t('product.zone'), product.zoneName, 'zone'],
    [t('product.temperature'), temperature, 'temperature'],
    [t('product.origin'), product.origin, 'origin'],
    [t('product.latinName'), product.latinName && <i>{product.latinName}</i>, 'latinName'],
    [
      t('product.alcohol'),
      product.alcoholPercentage !== null
        ? t('product.alcoholValue', { value: decimal.format(product.alcoholPercentage) })
        : null,
      'alcohol',
    ],
    [t('product.vintage'), product.vintage, 'vintage'],
    [t('product.expiresAt'), product.expiresAt && formatDate(product.expiresAt), 'expiresAt'],
    [t('product.vatRate'), t('product.vatValue', { rate: product.vatRate }), 'vat'],
    [t('product.gtinPiece'), product.gtinPiece, 'gtinPiece'],
    [t('product.gtinCarton'), product.gtinCarton, 'gtinCarton'],
    [
      t('product.categories'),
      product.categories.length > 0 && (
        <span className="flex flex-wrap gap-x-2">
          {product.categories.map((category, i) => (
            <Link key={category.id} href={categoryPath(product.categories.slice(0, i + 1).map((c) => c.slug))}>
              {category.name}
            </Link>
          ))}
        </span>
      ),
      'categories',
    ],
  ];

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      {product.description && (
        <section aria-labelledby="product-description" className={`${sectionClass} lg:col-span-2`}>
          <h2 id="product-description" className={h2Class}>
            {t('product.description')}
          </h2>
          <p className="mt-3 max-w-prose whitespace-pre-line text-gray-800 dark:text-gray-200">{product.description}</p>
        </section>
      )}

      <section aria-labelledby="product-facts" className={sectionClass}>
        <h2 id="product-facts" className={h2Class}>
          {t('product.facts')}
        </h2>
        <dl className="mt-3 divide-y divide-gray-200 dark:divide-gray-700" data-testid="product-facts">
          {facts
            .filter(([, value]) => value !== null && value !== undefined && value !== '' && value !== false)
            .map(([term, value, id]) => (
              <div key={id} className="grid grid-cols-[minmax(0,11rem)_1fr] gap-3 py-2 text-sm" data-fact={id}>
                <dt className="font-semibold text-gray-800 dark:text-gray-100">{term}</dt>
                <dd className="text-gray-800 dark:text-gray-200">{value}</dd>
              </div>
            ))}
        </dl>
      </section>

      <div className="flex flex-col gap-6">
        {product.nutrients.length > 0 && (
          <section aria-labelledby="product-nutrients" className={sectionClass}>
            <h2 id="product-nutrients" className={h2Class}>
              {t('product.nutrients')}
            </h2>
            <table className="mt-3 w-full text-left text-sm" data-testid="nutrients">
              <caption className="sr-only">{t('product.nutrientsCaption')}</caption>
              <thead>
                <tr className="border-b border-gray-300 dark:border-gray-600">
                  <th scope="col" className="py-2 pr-4 font-semibold">
                    {t('product.nutrient')}
                  </th>
                  <th scope="col" className="py-2 text-right font-semibold">
                    {t('product.per100')}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-gray-200 dark:divide-gray-700">
                {product.nutrients.map((row) => (
                  <tr key={row.name}>
                    <th scope="row" className="py-2 pr-4 font-normal text-gray-800 dark:text-gray-200">
                      {row.name}
                    </th>
                    <td className="py-2 text-right text-gray-800 tabular-nums dark:text-gray-200">{row.per100}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        )}

        {product.ingredients && (
          <section aria-labelledby="product-ingredients" className={sectionClass}>
            <h2 id="product-ingredients" className={h2Class}>
              {t('product.ingredients')}
            </h2>
            <p className="mt-3 text-sm text-gray-800 dark:text-gray-200">{product.ingredients}</p>
          </section>
        )}

        {product.dataSheets.length > 0 && (
          <section aria-labelledby="product-sheets" className={sectionClass}>
            <h2 id="product-sheets" className={h2Class}>
              {t('product.dataSheets')}
            </h2>
            <ul className="mt-3 flex flex-col gap-2" data-testid="data-sheets">
              {product.dataSheets.map((sheet) => (
                <li key={sheet.url}>
                  <a
                    href={sheet.url}
                    download
                    className="inline-flex min-h-11 items-center gap-2 rounded-sm font-medium text-primary-700 underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-primary-600 dark:text-primary-300"
                  >
                    <svg viewBox="0 0 20 20" fill="currentColor" aria-hidden="true" className="size-5 shrink-0">
                      <path d="M10.75 2.75a.75.75 0 0 0-1.5 0v8.614L6.295 8.235a.75.75 0 1 0-1.09 1.03l4.25 4.5a.75.75 0 0 0 1.09 0l4.25-4.5a.75.75 0 0 0-1.09-1.03l-2.955 3.129V2.75Z" />
                      <path d="M3.5 12.75a.75.75 0 0 0-1.5 0v2.5A2.75 2.75 0 0 0 4.75 18h10.5A2.75 2.75 0 0 0 18 15.25v-2.5a.75.75 0 0 0-1.5 0v2.5c0 .69-.56 1.25-1.25 1.25H4.75c-.69 0-1.25-.56-1.25-1.25v-2.5Z" />
                    </svg>
                    {t('product.download', { name: sheet.name })}
                  </a>
                </li>
              ))}
            </ul>
          </section>
        )}
      </div>
    </div>
  );
}
