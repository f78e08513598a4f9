/**
 * Order totals, VAT per rate and shipping: the one home of how an order's and a cart's amounts are computed (decision
 * 0053). The server's cart answers with these, checkout stores what the cart answered, the phone estimates a cart with
 * the same functions while its changes wait, and the demo data prices its order history with them. All amounts öre.
 */

/** Free shipping from 3 000 kr excl. VAT; below that (and above 0) 295 kr. */
export const FREE_SHIPPING_FROM = 300_000;
export const SHIPPING_FEE = 29_500;

/** VAT of one rate: the amount excl. VAT it applies to (fees apportioned) and the VAT on it. */
export type VatLine = { rate: number; base: number; vat: number };

export type OrderTotals = {
  subtotal: number;
  vatLines: VatLine[];
  vat: number;
  discount: number;
  shipping: number;
  otherCosts: number;
  total: number;
};

/** A cart's totals: an order's, with the free-shipping limit and how much is missing to reach it (0 when reached). */
export type CartTotals = OrderTotals & { freeShippingFrom: number; leftToFreeShipping: number };

/** One row as the totals see it: its amount excl. VAT and its VAT rate (percent). */
export type TotalsRow = { rowTotal: number; vatRate: number };

/** A row's amount: its price per unit (the A-price) times its quantity, to the öre. */
export const rowTotalOf = (aPrice: number, quantity: number): number => Math.round(aPrice * quantity);

/** The shipping fee of a subtotal: nothing for an empty cart or from `freeShippingFrom` on. */
export function shippingFor(subtotal: number, freeShippingFrom = FREE_SHIPPING_FROM): number {
  return subtotal > 0 && subtotal < freeShippingFrom ? SHIPPING_FEE : 0;
}

/**
 * Splits an integer `amount` over `weights` (largest remainder first), so the parts add up exactly. With no weight
 * (or all 0) the first part takes it all.
 */
export function apportion(amount: number, weights: readonly number[]): number[] {
  const total = weights.reduce((a, b) => a + b, 0);
  if (total === 0 || weights.length === 0) return weights.map((_, i) => (i === 0 ? amount : 0));
  const raw = weights.map((w) => (amount * w) / total);
  const parts = raw.map((r) => Math.trunc(r));
  let rest = amount - parts.reduce((a, b) => a + b, 0);
  const order = raw
    .map((r, i) => ({ i, frac: Math.abs(r - Math.trunc(r)) }))
    .sort((a, b) => b.frac - a.frac || a.i - b.i);
  const step = rest >= 0 ? 1 : -1;
  for (let k = 0; rest !== 0; k = (k + 1) % order.length) {
    const idx = order[k]?.i ?? 0;
    parts[idx] = (parts[idx] ?? 0) + step;
    rest -= step;
  }
  return parts;
}

/**
 * Order totals. subtotal = Σ rowTotal. Discount, shipping and other costs (all excl. VAT) are spread over the VAT
 * rates in proportion to the rows' amounts (as Skatteverket prescribes for fees on mixed-rate deliveries), so
 * Σ vatLines.base = subtotal − discount + shipping + otherCosts; each line's vat = round(base × rate / 100),
 * vat = Σ vatLines.vat and total = subtotal − discount + shipping + otherCosts + vat.
 */
export function computeOrderTotals(
  rows: readonly TotalsRow[],
  fees: { discount: number; shipping: number; otherCosts: number },
): OrderTotals {
  const subtotal = rows.reduce((sum, r) => sum + r.rowTotal, 0);
  const byRate = new Map<number, number>();
  for (const r of rows) byRate.set(r.vatRate, (byRate.get(r.vatRate) ?? 0) + r.rowTotal);
  const rates = [...byRate.keys()].sort((a, b) => a - b);
  const adjustment = fees.shipping + fees.otherCosts - fees.discount;
  const shares = apportion(
    adjustment,
    rates.map((rate) => byRate.get(rate) ?? 0),
  );
  const vatLines = rates.map((rate, i) => {
    const base = (byRate.get(rate) ?? 0) + (shares[i] ?? 0);
    return { rate, base, vat: Math.round((base * rate) / 100) };
  });
  const vat = vatLines.reduce((sum, l) => sum + l.vat, 0);
  return { subtotal, vatLines, vat, ...fees, total: subtotal - fees.discount + fees.shipping + fees.otherCosts + vat };
}

/**
 * A cart's totals (contract/cart.ts `cartTotals`): shipping by `shippingFor`, no discount or other costs in the web
 * shop. The server answers these; the phone's estimate is the same call on the lines it knows.
 */
export function computeCartTotals(rows: readonly TotalsRow[], freeShippingFrom = FREE_SHIPPING_FROM): CartTotals {
  const subtotal = rows.reduce((sum, r) => sum + r.rowTotal, 0);
  const totals = computeOrderTotals(rows, {
    discount: 0,
    shipping: shippingFor(subtotal, freeShippingFrom),
    otherCosts: 0,
  });
  return { ...totals, freeShippingFrom, leftToFreeShipping: Math.max(0, freeShippingFrom - subtotal) };
}
