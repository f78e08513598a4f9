/** The story files under content/ that the embedded content engine serves (see content.ts). */
import { z } from 'zod';
import { storyContent } from './content-schemas';

// ── Story files (content/**) ───────────────────────────────────────────────────────────────────────────────────
// content/home.json is the story `home` (the start page, shown at /); content/blogg/_folder.json describes the folder
// `blogg`; content/blogg/index.json is that folder's start page (full slug `blogg/`, shown at /blogg); any other
// content/blogg/x.json is the story `blogg/x`. Slugs, full slugs and parent ids come from the paths.

const isoInstant = z.iso.datetime({ offset: true });
export const storyFile = z.strictObject({
  id: z.number().int().positive(),
  uuid: z.uuid(),
  name: z.string().min(1),
  created_at: isoInstant,
  /** null: a draft, served only with version=draft. */
  published_at: isoInstant.nullable(),
  first_published_at: isoInstant.nullable().optional(),
  updated_at: isoInstant.optional(),
  sort_by_date: z.iso.date().nullable().optional(),
  position: z.number().int().optional(),
  tag_list: z.array(z.string().min(1)).optional(),
  content: storyContent,
});
export type StoryFile = z.infer<typeof storyFile>;

export const folderFile = z.strictObject({
  id: z.number().int().positive(),
  uuid: z.uuid(),
  name: z.string().min(1),
  position: z.number().int().optional(),
  created_at: isoInstant.optional(),
});
export type FolderFile = z.infer<typeof folderFile>;
