// The cart kind of the offline engine (issue #5, docs/decisions/0033). No React here; hooks are in ./hooks.
export { cartKind } from './kind';
export { mutateCart, cartTables, type CartMutationResult } from './mutate';
export { adoptServerCart, waitingCartChanges } from './adopt';
export { settleQuantity } from '../../../contract/rules/quantity';
export {
  applyOp,
  estimateTotals,
  isBlockedLine,
  type CartAddInput,
  type CartChange,
  type CartOp,
  type CartPriceSnapshot,
  type CartProductSnapshot,
} from './operations';
export type { MirrorCart, MirrorCartItem } from './tables';
