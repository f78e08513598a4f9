/**
 * The inventory kind's operations, pure (no Dexie): the change types (changes.ts), the mirror rows a change moves
 * (rows.ts), applying and checking a change (apply.ts), the request it becomes (requests.ts) and resolving the UI's
 * change into the stored op (resolve.ts). What touches Dexie is in state.ts, mutate.ts, answers.ts and kind.ts.
 */
export * from './changes';
export { withStock, withTotals } from './rows';
export * from './apply';
export * from './requests';
export * from './resolve';
