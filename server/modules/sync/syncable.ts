import { cart, inventory, purchaseLists, type Call } from '../../../contract/routes';

/**
 * The calls a sync batch carries: the changes the offline engine queues (src/offline/{cart,inventory,purchase-lists}).
 * Nothing else: a login, a checkout or a mail-sending call keeps its own request, its own limits and its own answer.
 */
const SYNCABLE: Call[] = [
  purchaseLists.create,
  purchaseLists.rename,
  purchaseLists.remove,
  purchaseLists.addItem,
  purchaseLists.reset,
  purchaseLists.updateItem,
  purchaseLists.removeItem,
  inventory.create,
  inventory.update,
  inventory.remove,
  inventory.close,
  inventory.reopen,
  inventory.addItem,
  inventory.updateItem,
  inventory.removeItem,
  inventory.count,
  inventory.walkOrder,
  cart.create,
  cart.clear,
  cart.putProduct,
  cart.putProducts,
  cart.patchItem,
  cart.removeLine,
  cart.removeLines,
  cart.deliveryDate,
];

/** A `:param` stands for one path segment, as Fastify's router reads it. */
const patternOf = (call: Call) =>
  new RegExp(`^${call.path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:\w+/g, '[^/?#]+')}$`);

const PATTERNS = SYNCABLE.map((call) => ({ method: call.method, pattern: patternOf(call) }));

/** Whether a batch may carry this change (method and a concrete path without a query). */
export function isSyncable(method: string, path: string): boolean {
  return PATTERNS.some((p) => p.method === method && p.pattern.test(path));
}
