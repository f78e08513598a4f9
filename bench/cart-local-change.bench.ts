// The cart kind of the offline engine (src/offline/cart): the time of a local change as the UI sees it —
// mutateCart() (mirror + outbox in one Dexie transaction) until a live query of the cart (what useCart runs) shows the
// change. Target < 16 ms median (one frame). The cart starts with BENCH_CART_LINES lines as the server answered them;
// every other add is a new product (a new line), the others add to a line already there. The cart is one row in the
// mirror (docs/decisions/0033), so a change costs more as the cart grows: the figure for a large cart (400 lines, near
// the 500-line limit) is reported beside it.
//
// Runs on fake-indexeddb in Node, without a server (nothing is sent; the outbox only fills).
// Settings: BENCH_LOCAL_CHANGES (200), BENCH_CART_LINES (40).
import 'fake-indexeddb/auto';
import { liveQuery } from 'dexie';
import { randomUUID } from 'node:crypto';
import type { Cart, CartItem } from '../contract/cart';
import { storeCart } from '../src/offline/cart/answers';
import { mutateCart } from '../src/offline/cart/mutate';
import { readMirror } from '../src/offline/cart/state';
import type { CartProductSnapshot } from '../src/offline/cart/operations';
import { openOfflineDb } from '../src/offline';
import { transact } from '../src/offline/engine/database';
import { rebaseEntities } from '../src/offline/engine/rebase';
import { syncTables } from '../src/offline/engine/registry';
import { storeSession } from '../src/offline/engine/session';
import type { Figures } from './lib/types';

const COMPANY = '10001';

function envInt(name: string, fallback: number): number {
  const value = Number(process.env[name]);
  return Number.isInteger(value) && value > 0 ? value : fallback;
}
const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;
function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))] ?? NaN;
}

function product(k: number): CartProductSnapshot {
  return {
    id: randomUUID(),
    sku: String(100000 + k),
    slug: `artikel-${k}`,
    name: `Bänkartikel ${k}`,
    brandName: 'Skafferi',
    imageUrl: null,
    unit: k % 3 === 0 ? 'carton' : 'piece',
    piecesPerCarton: k % 3 === 0 ? 12 : 1,
    wholeUnitsOnly: k % 2 === 0,
    stockStatus: 'in_stock',
    discontinued: false,
    expired: false,
    expiresAt: null,
    replacement: null,
    vatRate: k % 5 === 0 ? 25 : 12,
  };
}

/** A cart as the server answers it, with `lines` lines. */
function serverCart(lines: number): Cart {
  const now = new Date().toISOString();
  const items: CartItem[] = Array.from({ length: lines }, (_, k) => {
    const p = product(10_000 + k);
    return {
      itemId: randomUUID(),
      lineNumber: k + 1,
      productId: p.id,
      product: p,
      quantity: 2,
      unit: p.unit,
      aPrice: 4_500,
      listPrice: 5_000,
      priceKind: 'list',
      rowTotal: 9_000,
      addedAt: now,
    };
  });
  const subtotal = items.reduce((s, i) => s + i.rowTotal, 0);
  return {
    id: randomUUID(),
    companyCode: COMPANY,
    deliveryDate: null,
    deadline: null,
    nextDeliveryDate: null,
    items,
    itemCount: items.length,
    totals: {
      subtotal,
      vatLines: [{ rate: 12, base: subtotal, vat: Math.round(subtotal * 0.12) }],
      vat: Math.round(subtotal * 0.12),
      discount: 0,
      shipping: 0,
      otherCosts: 0,
      total: subtotal + Math.round(subtotal * 0.12),
      freeShippingFrom: 300_000,
      leftToFreeShipping: 0,
    },
    canCheckout: false,
    messages: [],
    updatedAt: now,
  };
}

export default async function cartLocalChange(): Promise<Figures> {
  const changes = envInt('BENCH_LOCAL_CHANGES', 200);
  const startLines = Math.min(envInt('BENCH_CART_LINES', 40), 400);
  const typical = await measure(startLines, changes);
  const large = await measure(400, 50);
  const ok = percentile(typical, 0.5) < 16;
  return {
    'cart lines at start': startLines,
    'local changes': changes,
    'local change median ms': round(percentile(typical, 0.5), 2),
    'local change p95 ms': round(percentile(typical, 0.95), 2),
    'large cart (400 lines) median ms': round(percentile(large, 0.5), 2),
    'large cart (400 lines) p95 ms': round(percentile(large, 0.95), 2),
    target: 'add to cart until the live query shows it < 16 ms median',
    verdict: ok ? 'PASS' : 'BELOW',
  };
}

/** `changes` adds to a cart of `startLines` lines; the time of each until the live query shows it. */
async function measure(startLines: number, changes: number): Promise<number[]> {
  const db = openOfflineDb(`skafferi-bench-cart-${Date.now()}-${startLines}`);
  try {
    const userId = randomUUID();
    await storeSession(db, { userId, token: 'bench', validTo: new Date(Date.now() + 3_600_000).toISOString() });
    await transact(db, syncTables(db), async () => {
      await storeCart(db, userId, serverCart(startLines), 'read');
      await rebaseEntities(db, 'cart', [COMPANY]);
    });

    let resolveSeen: ((updatedAt: string) => void) | undefined;
    const subscription = liveQuery(() => readMirror(db, COMPANY)).subscribe((cart) =>
      resolveSeen?.(cart?.updatedAt ?? ''),
    );
    const added: CartProductSnapshot[] = [];
    const local: number[] = [];
    let clock = Date.now() + 1000;
    for (let k = 0; k < changes; k++) {
      // Every other add is a product already in the cart (its line grows), the others a new line.
      const again = k % 2 === 1 && added.length > 0;
      const item = again ? added[k % added.length]! : product(k);
      if (!again) added.push(item);
      const at = new Date((clock += 1000)).toISOString();
      const seen = new Promise<void>((resolve) => {
        resolveSeen = (updatedAt) => {
          if (updatedAt === at) resolve();
        };
      });
      const t0 = performance.now();
      await mutateCart(
        db,
        {
          type: 'addProduct',
          companyCode: COMPANY,
          product: item,
          quantity: 1 + (k % 4),
          price: { price: 4_500, listPrice: 5_000, kind: 'list' },
        },
        { now: () => Date.parse(at) },
      );
      await seen;
      local.push(performance.now() - t0);
    }
    subscription.unsubscribe();
    if ((await db.outbox.count()) !== changes) throw new Error(`queued ${await db.outbox.count()} of ${changes}`);
    return local;
  } finally {
    db.close();
    await db.delete().catch(() => undefined);
  }
}
