/**
 * The meta key that says a list was opened on this device: its items are kept and read again when they change. Its
 * own module: marking a list opened (mutate.ts) must not load the refresh (kind.ts) with it.
 */
export const openedKey = (listId: string) => `inventoryOpened|${listId}`;
