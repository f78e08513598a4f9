import type { CdnStory } from '../../../contract/content-cdn';

/** A story as the local engine keeps it: the CDN object plus what the queries need. */
export type StoryRecord = {
  story: CdnStory;
  /** False for a draft (published_at null): served only with version=draft. */
  published: boolean;
  /** 1 for root stories, 2 in a first-level folder (a folder's start page lives in its folder) … */
  level: number;
  /** The file, relative to the content folder (for messages). */
  file: string;
};

export type FolderRecord = {
  id: number;
  uuid: string;
  name: string;
  /** The folder's full slug, without a trailing slash. */
  fullSlug: string;
  parentId: number;
  position: number;
  createdAt: string | null;
  startpage: StoryRecord | null;
};

/** One consistent view of the content folder. */
export type ContentSnapshot = {
  stories: StoryRecord[];
  folders: FolderRecord[];
  bySlug: Map<string, StoryRecord>;
  byId: Map<number, StoryRecord>;
  byUuid: Map<string, StoryRecord>;
  folderBySlug: Map<string, FolderRecord>;
  folderById: Map<number, FolderRecord>;
  /** Storyblok's cache version: the latest date in the content, in seconds. */
  cv: number;
  /** What is wrong with the files (skipped files, fields that do not match contract/content.ts). */
  problems: string[];
};

/** A published page for the sitemap. */
export type ContentPage = { fullSlug: string; lastModified: string | null };

/** Where the content comes from: the story files (embedded engine) or a Storyblok space. */
export interface ContentSource {
  readonly engine: 'embedded' | 'storyblok';
  /** Every published story (folders left out), for the sitemap. */
  pages(): Promise<ContentPage[]>;
  close(): Promise<void>;
}
