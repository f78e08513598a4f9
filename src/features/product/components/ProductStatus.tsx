import { useTranslation } from 'react-i18next';
import type { ProductDetail } from '../../../../contract/catalog';
import { formatDate } from '../../../../contract/rules/swedish-dates';
import { productPath } from '../../../lib/paths';
import { Alert } from '../../../ui/Alert';
import { LinkButton } from '../../../ui/Link';

/**
 * SPEC §4: a discontinued product, with or without a replacement (linked), and an expired one; and the note that a
 * requisition product is fetched specially.
 */
export function ProductStatus({ product }: { product: ProductDetail }) {
  const { t } = useTranslation('catalog');
  const replacement = product.replacement;
  const replacementLink = replacement && (
    <LinkButton href={productPath(replacement.slug)} size="sm" className="mt-3 w-fit" data-testid="replacement-link">
      {t('product.showReplacement', { name: replacement.name })}
    </LinkButton>
  );

  return (
    <>
      {product.expired && (
        <Alert tone="error" live={false} title={t('product.expired')}>
          <p data-testid="expired">
            {t('product.expiredText', { date: product.expiresAt ? ` ${formatDate(product.expiresAt)}` : '' })}
          </p>
          {!product.discontinued && replacementLink}
        </Alert>
      )}
      {product.discontinued && (
        <Alert tone="warning" live={false} title={t('product.discontinued')}>
          <p data-testid="discontinued">
            {replacement ? t('product.replacementText', { name: replacement.name }) : t('product.discontinuedText')}
          </p>
          {replacementLink}
        </Alert>
      )}
      {product.requisition && (
        <p className="text-sm text-gray-700 dark:text-gray-300">{t('product.requisitionText')}</p>
      )}
    </>
  );
}
