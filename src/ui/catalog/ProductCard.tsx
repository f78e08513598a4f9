import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePriceState } from '../../api/prices';
import type { ProductHit } from '../../api/search/types';
import { productPath } from '../../lib/paths';
import { cx } from '../cx';
import { Anchor } from '../Link';
import { AddToCartSlot } from './AddToCartSlot';
import { PriceTag } from './PriceTag';
import { ProductImage } from './ProductImage';
import { StockBadge } from './StockBadge';
import { unitText } from './unit-text';

export interface ProductCardProps {
  product: ProductHit;
  /** The level of the product name's heading in the page's outline (3 under a section's h2 by default). */
  headingLevel?: 2 | 3 | 4;
  /** The first cards of a page: the image loads at once. */
  priority?: boolean;
  /** How wide the card's image shows (the grid's columns); a 2–4 column grid by default. */
  sizes?: string;
  /** Controls under the price (e.g. "Lägg i inköpslista"); the add-to-cart slot is always there. */
  actions?: ReactNode;
  className?: string;
}

const DEFAULT_SIZES = '(min-width: 1024px) 18rem, (min-width: 640px) 33vw, 50vw';

/**
 * A product in a grid or a carousel: image, brand, name (the link to the product page; the whole card is clickable),
 * unit, stock and the price (the company's when logged in with a company).
 */
export function ProductCard({
  product,
  headingLevel = 3,
  priority = false,
  sizes = DEFAULT_SIZES,
  actions,
  className,
}: ProductCardProps) {
  const { t } = useTranslation('catalog');
  const { price: customerPrice, pending } = usePriceState(product.id);
  const Heading = `h${headingLevel}` as const;
  const fromHit = product.companyPrice
    ? {
        price: product.price,
        comparisonPrice: product.comparisonPrice,
        kind: product.companyPrice.kind,
        validTo: product.companyPrice.validTo,
        listPrice: product.companyPrice.listPrice,
      }
    : undefined;
  const listPrice = product.companyPrice?.listPrice ?? product.price;

  return (
    <article
      data-testid="product-card"
      className={cx(
        'group relative flex h-full flex-col overflow-hidden rounded-xl border border-gray-200 bg-white shadow-xs transition-shadow focus-within:ring-2 focus-within:ring-primary-600 hover:shadow-md dark:border-gray-700 dark:bg-gray-900',
        className,
      )}
    >
      <div className="relative bg-gray-100 dark:bg-gray-800">
        <ProductImage url={product.imageUrl} alt="" sizes={sizes} priority={priority} />
        {!product.discontinued && (
          <StockBadge status={product.stockStatus} className="absolute top-2 left-2 bg-white/95 dark:bg-gray-950/90" />
        )}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-3 sm:p-4">
        <div className="flex flex-col gap-0.5">
          <p className="text-xs font-semibold tracking-wide text-gray-700 uppercase dark:text-gray-300">
            {product.brandName}
          </p>
          <Heading className="text-base leading-snug font-semibold text-gray-950 dark:text-white">
            <Anchor
              href={productPath(product.slug)}
              className="rounded-sm outline-none after:absolute after:inset-0 after:content-[''] hover:underline"
            >
              {product.name}
            </Anchor>
          </Heading>
          <p className="text-sm text-gray-700 dark:text-gray-300">
            {unitText(t, product.unit, product.piecesPerCarton)}
            <span aria-hidden="true"> · </span>
            <span>{t('product.articleNumber', { sku: product.sku })}</span>
          </p>
        </div>
        <PriceTag
          className="mt-auto"
          listPrice={listPrice}
          comparisonPrice={product.comparisonPrice}
          comparisonUnit={product.comparisonUnit}
          unit={product.unit}
          customerPrice={lowest(customerPrice, fromHit)}
          pending={pending}
        />
        {/* Controls sit above the card's stretched link. */}
        <div className="relative z-10 flex flex-col gap-2 empty:hidden">
          <AddToCartSlot product={product} variant="card" orderable={!product.discontinued} />
          {actions}
        </div>
      </div>
    </article>
  );
}

type Shown = NonNullable<Parameters<typeof PriceTag>[0]['customerPrice']>;

/** The price call gives the lowest valid company price; a tender/campaign hit carries its own. Show the lower one. */
function lowest(a: Shown | undefined, b: Shown | undefined): Shown | undefined {
  if (!a) return b;
  if (!b) return a;
  return b.price < a.price ? b : a;
}
