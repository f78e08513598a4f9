import type { CartProductSnapshot } from '../../offline/cart/operations';
import type { StoredArticle } from '../../offline/inventory/tables';

/**
 * What the cart line shows of an article found offline until the server answers the add with the product's own
 * fields: the index knows the name, number, unit and carton size; the rest is the catalogue's default. The price is left
 * to the server (`price: null` on the add): the index's price has no kind (list, agreement, …) to show it as.
 */
export function cartSnapshotOf(article: StoredArticle): CartProductSnapshot {
  return {
    id: article.id,
    sku: article.articleNumber,
    slug: article.slug ?? '',
    name: article.name,
    brandName: '',
    imageUrl: null,
    unit: article.unit,
    piecesPerCarton: article.piecesPerCarton,
    wholeUnitsOnly: false,
    stockStatus: 'in_stock',
    discontinued: false,
    expired: false,
    expiresAt: null,
    replacement: null,
    vatRate: 12,
  };
}
