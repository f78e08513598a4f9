/**
 * The live view of an open inventory list (decision 0060): one stream per list in a tab, shared by the screens that
 * show it (the list page and the count screen may both be mounted), closed when the last of them goes.
 */
import { inventory, pathTo } from '../../../contract/routes';
import { openLiveFeed, type LiveFeedOptions } from '../engine/live';
import { joinUrl } from '../engine/transport';

export interface WatchListOptions extends Pick<LiveFeedOptions, 'token' | 'renew' | 'fetch'> {
  baseUrl: string;
  companyCode: string;
  listId: string;
  /**
   * Read the list again (the engine's refresh of this one list). `news`: what the server said of the change (the
   * version it made), so that a change the device already holds (its own count) is not read (`knowsListNews`).
   */
  refresh(listId: string, news?: unknown): void;
}

const feeds = new Map<string, { users: number; close: () => void }>();

/** Keeps the list's feed open until the returned function is called (by every screen that asked). */
export function watchInventoryList(options: WatchListOptions): () => void {
  const { baseUrl, companyCode, listId } = options;
  const key = `${companyCode}|${listId}`;
  let feed = feeds.get(key);
  if (!feed) {
    const close = openLiveFeed({
      url: joinUrl(baseUrl, pathTo(inventory.events, { companyCode, id: listId })),
      token: options.token,
      renew: options.renew,
      onNews: (_news, data) => options.refresh(listId, data),
      ...(options.fetch ? { fetch: options.fetch } : {}),
    });
    feed = { users: 0, close };
    feeds.set(key, feed);
  }
  const held = feed;
  held.users++;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    if (--held.users > 0) return;
    held.close();
    feeds.delete(key);
  };
}
