import type { ProductDetail } from '../../../contract/catalog';
import type { ProductHit } from '../../api/search/types';

// Its own file because both the slot and the lazily loaded controls take it: in either one, the other would import it
// back (a circle).
export interface AddToCartSlotProps {
  /** The product to add: the product page passes its detail, cards their search hit. */
  product: Pick<ProductDetail | ProductHit, 'id' | 'sku' | 'name' | 'unit' | 'piecesPerCarton'> & {
    wholeUnitsOnly?: boolean;
    discontinued?: boolean;
  };
  /** False when the product cannot be ordered (discontinued, expired). */
  orderable?: boolean;
  /** 'page' on the product page, 'card' in product cards. */
  variant?: 'page' | 'card';
  className?: string;
}
