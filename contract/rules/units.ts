/**
 * Units and prices per unit: the one home of how a price follows a unit (decision 0053). The server's cart, purchase
 * lists and inventory and the phone's offline kinds all compute with these, so that a phone's estimate and the
 * server's answer cannot drift apart.
 */

/** A product is sold, ordered and counted per piece or per carton (a carton holds piecesPerCarton pieces). */
export type Unit = 'piece' | 'carton';

/**
 * A price per `from` expressed per `to`: a carton costs piecesPerCarton pieces; a piece costs the carton price /
 * piecesPerCarton, rounded to the öre. A product without cartons (piecesPerCarton ≤ 1) keeps its price.
 */
export function convertPrice(price: number, from: Unit, to: Unit, piecesPerCarton: number): number {
  if (from === to || piecesPerCarton <= 1) return price;
  return to === 'carton' ? price * piecesPerCarton : Math.round(price / piecesPerCarton);
}

/** A quantity as stored: three decimals. */
export const roundQuantity = (quantity: number): number => Math.round(quantity * 1000) / 1000;
