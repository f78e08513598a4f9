import { useSuspenseQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { ProductDetail } from '../../../contract/catalog';
import { usePrice } from '../../api/prices';
import { productQuery } from '../../api/queries/catalog';
import { useIsAuthenticated } from '../../api/session/hooks';
import { formatSek } from '../../lib/money';
import { formatDate } from '../../../contract/rules/swedish-dates';
import { paths } from '../../lib/paths';
import type { ProductSnapshot } from '../../offline';
import { AddToCartSlot } from '../../ui/catalog/AddToCartSlot';
import { AddToPurchaseList } from '../../ui/catalog/AddToPurchaseList';
import { LabelBadges } from '../../ui/catalog/LabelBadges';
import { PriceTag } from '../../ui/catalog/PriceTag';
import { StockBadge } from '../../ui/catalog/StockBadge';
import { unitText } from '../../ui/catalog/unit-text';
import { useDocumentMeta } from '../../ui/catalog/use-document-meta';
import { Link } from '../../ui/Link';
import { ProductBreadcrumbs } from './components/ProductBreadcrumbs';
import { ProductFacts } from './components/ProductFacts';
import { ProductGallery } from './components/ProductGallery';
import { ProductStatus } from './components/ProductStatus';

const snapshotOf = (product: ProductDetail): ProductSnapshot => ({
  productId: product.id,
  sku: product.sku,
  name: product.name,
  brandName: product.brandName,
  unit: product.unit,
  piecesPerCarton: product.piecesPerCarton,
  gtinPiece: product.gtinPiece,
  gtinCarton: product.gtinCarton,
  imageUrl: product.images[0]?.url ?? null,
  stockStatus: product.stockStatus,
  discontinued: product.discontinued,
  wholeUnitsOnly: product.wholeUnitsOnly,
});

/** /produkt/:slug — every attribute of one product, its price (the company's when logged in) and what to do with it. */
export function ProductPage() {
  const { slug = '' } = useParams();
  const { data: product } = useSuspenseQuery(productQuery(slug));
  return <Product key={product.id} product={product} />;
}

function Product({ product }: { product: ProductDetail }) {
  const { t } = useTranslation('catalog');
  const authenticated = useIsAuthenticated();
  const customerPrice = usePrice(product.id);
  const unit = unitText(t, product.unit, product.piecesPerCarton);
  const orderable = !product.discontinued && !product.expired;

  useDocumentMeta(
    product.name,
    t('product.metaDescription', {
      name: product.name,
      brand: product.brandName,
      unit,
      sku: product.sku,
      price: formatSek(product.publicPrice),
    }),
  );

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-8 px-4 py-6 sm:px-6 sm:py-8" data-testid="product-page">
      <ProductBreadcrumbs categories={product.categories} name={product.name} />

      <div className="grid gap-8 md:grid-cols-2 lg:gap-12">
        <ProductGallery images={product.images} name={product.name} />

        <div className="flex flex-col gap-5">
          <div className="flex flex-col gap-2">
            <p className="text-sm font-semibold tracking-wide text-gray-700 uppercase dark:text-gray-300">
              {product.brandName}
            </p>
            <h1 className="text-2xl leading-tight font-bold text-gray-950 sm:text-3xl dark:text-white">
              {product.name}
            </h1>
            <p className="text-sm text-gray-700 dark:text-gray-300">
              {t('product.articleNumber', { sku: product.sku })}
              <span aria-hidden="true"> · </span>
              {unit}
            </p>
            {product.latinName && (
              <p className="text-sm text-gray-700 italic dark:text-gray-300">{product.latinName}</p>
            )}
          </div>

          <div className="flex flex-wrap items-center gap-2">
            {/* A discontinued product is not stocked any more: "I lager" beside "Utgått sortiment" contradicted it. */}
            {!product.discontinued && <StockBadge status={product.stockStatus} className="text-sm" />}
            {product.requisition && (
              <span className="inline-flex items-center rounded-full bg-gray-100 px-2 py-0.5 text-sm font-semibold text-gray-800 ring-1 ring-gray-300 ring-inset dark:bg-gray-800 dark:text-gray-100 dark:ring-gray-600">
                {t('product.requisition')}
              </span>
            )}
          </div>

          <LabelBadges labels={product.accreditationLabels} />

          <ProductStatus product={product} />

          <div className="flex flex-col gap-2 rounded-xl border border-gray-200 bg-white p-4 dark:border-gray-700 dark:bg-gray-900">
            <PriceTag
              size="lg"
              listPrice={product.publicPrice}
              comparisonPrice={product.comparisonPrice}
              comparisonUnit={product.comparisonUnit}
              unit={product.unit}
              customerPrice={customerPrice}
            />
            {(!customerPrice || customerPrice.kind === 'list') && product.priceValidUntil && (
              <p className="text-sm text-gray-700 dark:text-gray-300">
                {t('price.validUntil', { date: formatDate(product.priceValidUntil) })}
              </p>
            )}
            {!authenticated && (
              <p className="text-sm">
                <Link href={paths.login}>{t('price.loginForPrice')}</Link>
              </p>
            )}
            <AddToCartSlot product={product} orderable={orderable} variant="page" className="mt-2" />
            <div className="mt-2 flex flex-wrap gap-2">
              <AddToPurchaseList product={snapshotOf(product)} />
            </div>
          </div>
        </div>
      </div>

      <ProductFacts product={product} />
    </div>
  );
}
