import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProductDetail } from '../../../../contract/catalog';
import { cx } from '../../../ui/cx';
import { ProductImage } from '../../../ui/catalog/ProductImage';

/** The main image (loaded at once: it is above the fold) and, with several, thumbnails to switch between them. */
export function ProductGallery({ images, name }: { images: ProductDetail['images']; name: string }) {
  const { t } = useTranslation('catalog');
  const [index, setIndex] = useState(0);
  const current = images[index] ?? images[0];

  return (
    <div className="flex flex-col gap-3">
      <div className="overflow-hidden rounded-2xl border border-gray-200 bg-white dark:border-gray-700 dark:bg-gray-900">
        <ProductImage
          url={current?.url ?? null}
          alt={current?.alt || name}
          width={current?.width}
          height={current?.height}
          sizes="(min-width: 1152px) 34rem, (min-width: 768px) 50vw, 100vw"
          priority
        />
      </div>
      {images.length > 1 && (
        <ul aria-label={t('product.images', { name })} className="flex gap-2 overflow-x-auto">
          {images.map((image, i) => (
            <li key={image.url}>
              <button
                type="button"
                aria-label={t('product.showImage', { n: i + 1 })}
                aria-current={i === index || undefined}
                onClick={() => setIndex(i)}
                className={cx(
                  'block size-20 overflow-hidden rounded-lg border-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600',
                  i === index ? 'border-primary-600' : 'border-gray-200 dark:border-gray-700',
                )}
              >
                <ProductImage url={image.url} alt="" width={image.width} height={image.height} sizes="5rem" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
