import { watch, type FSWatcher } from 'node:fs';
import { resolve } from 'node:path';
import type { ContentPage, ContentSnapshot, ContentSource } from '../types';
import { loadContent } from './load';

export { CdnParamError, filterClauses } from './params';
export { findStory, listStories } from './stories';
export { listLinks } from './links';
export { loadContent, strayFields, FOLDER_FILE, STARTPAGE_FILE } from './load';

type Log = { info(msg: string): void; warn(msg: string): void; error(obj: unknown, msg?: string): void };

/**
 * The embedded content engine: the story files under the content folder, read at start (and again on change when
 * watching), answering the Storyblok CDN calls the app makes (see query.ts).
 */
export class LocalContent implements ContentSource {
  readonly engine = 'embedded' as const;
  private current: ContentSnapshot | null = null;
  private loading: Promise<ContentSnapshot> | null = null;
  private watcher: FSWatcher | null = null;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    readonly dir: string,
    private readonly log: Log,
  ) {}

  /** The current snapshot (read on first use). */
  async snapshot(): Promise<ContentSnapshot> {
    if (this.current) return this.current;
    return this.reload();
  }

  /** Reads the folder again; calls that come meanwhile get the new snapshot. */
  reload(): Promise<ContentSnapshot> {
    this.loading ??= loadContent(resolve(this.dir))
      .then((snap) => {
        this.current = snap;
        for (const problem of snap.problems) this.log.warn(`content: ${problem}`);
        return snap;
      })
      .finally(() => {
        this.loading = null;
      });
    return this.loading;
  }

  /** Reloads 200 ms after the last change in the folder (for editors running the app locally). */
  watch(): void {
    if (this.watcher) return;
    try {
      this.watcher = watch(resolve(this.dir), { recursive: true }, () => {
        if (this.timer) clearTimeout(this.timer);
        this.timer = setTimeout(() => {
          void this.reload().then(
            (snap) => this.log.info(`content reloaded: ${snap.stories.length} stories`),
            (err: unknown) => this.log.error({ err }, 'content reload failed'),
          );
        }, 200);
        this.timer.unref();
      });
      this.watcher.unref();
    } catch (err) {
      this.log.error({ err }, `cannot watch ${this.dir}`);
    }
  }

  async pages(): Promise<ContentPage[]> {
    const snap = await this.snapshot();
    return snap.stories
      .filter((r) => r.published)
      .map((r) => ({ fullSlug: r.story.full_slug, lastModified: r.story.published_at }));
  }

  async close(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.watcher?.close();
    this.watcher = null;
  }
}
