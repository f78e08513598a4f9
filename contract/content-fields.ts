/**
 * The content's field types (SPEC §1): assets, Storyblok's multilink, the SEO plugin field and rich text, as types
 * and zod schemas. The components in content-bloks.ts / content-schemas.ts are built from these.
 */
import { z } from 'zod';

// ── Field types ────────────────────────────────────────────────────────────────────────────────────────────────

/** Storyblok's asset field. `filename` is a URL: root-relative for the local stories, absolute from Storyblok. */
export const asset = z.object({
  id: z.number().int().nullable().optional(),
  filename: z.string().min(1),
  alt: z.string().nullable(),
  title: z.string().nullable().optional(),
  name: z.string().optional(),
  focus: z.string().nullable().optional(),
  copyright: z.string().nullable().optional(),
  fieldtype: z.literal('asset'),
  is_external_url: z.boolean().optional(),
  meta_data: z.record(z.string(), z.unknown()).optional(),
});
export type Asset = z.infer<typeof asset>;

/**
 * Storyblok's multilink field. `story`: `id` is the linked story's uuid and `cached_url` its full slug (see
 * storyPath); `url`: `url` is an absolute URL or an app path such as /produkt/{slug} or /sok?q=…; `email`: `email`.
 */
export const multilink = z.object({
  id: z.string().optional(),
  url: z.string().optional(),
  cached_url: z.string().optional(),
  linktype: z.enum(['story', 'url', 'email', 'asset']),
  fieldtype: z.literal('multilink'),
  target: z.enum(['_self', '_blank']).optional(),
  anchor: z.string().optional(),
  email: z.string().optional(),
  /** Filled in by the client when the story was fetched with resolve_links. */
  story: z.looseObject({ full_slug: z.string() }).optional(),
});
export type Multilink = z.infer<typeof multilink>;

/** The SEO plugin field (Storyblok's seo_metatags): the page title and meta description come from here. */
export const seo = z.object({
  _uid: z.string().optional(),
  plugin: z.literal('seo_metatags'),
  title: z.string().min(1).max(70),
  description: z.string().min(1).max(170),
  og_title: z.string().optional(),
  og_description: z.string().optional(),
  og_image: z.string().optional(),
});
export type Seo = z.infer<typeof seo>;

// Rich text: Storyblok's JSON (ProseMirror) format.
export const RICH_TEXT_MARKS = [
  'bold',
  'italic',
  'underline',
  'strike',
  'code',
  'superscript',
  'subscript',
  'highlight',
  'link',
] as const;
export type RichTextMark = {
  type: (typeof RICH_TEXT_MARKS)[number];
  attrs?: Record<string, unknown>;
};
export interface RichTextNode {
  type:
    | 'paragraph'
    | 'heading'
    | 'text'
    | 'bullet_list'
    | 'ordered_list'
    | 'list_item'
    | 'blockquote'
    | 'horizontal_rule'
    | 'hard_break'
    | 'image'
    | 'code_block';
  attrs?: Record<string, unknown>;
  content?: RichTextNode[];
  text?: string;
  marks?: RichTextMark[];
}
export type RichText = { type: 'doc'; content: RichTextNode[] };

const linkMark = z.object({
  type: z.literal('link'),
  attrs: z.object({
    href: z.string(),
    linktype: z.enum(['url', 'story', 'email', 'asset']),
    uuid: z.string().nullable().optional(),
    target: z.enum(['_self', '_blank']).nullable().optional(),
    anchor: z.string().nullable().optional(),
    custom: z.record(z.string(), z.unknown()).optional(),
  }),
});
const simpleMark = z.object({
  type: z.enum(['bold', 'italic', 'underline', 'strike', 'code', 'superscript', 'subscript', 'highlight']),
});
const richTextMark = z.discriminatedUnion('type', [linkMark, simpleMark]);

const children = () => z.array(richTextNode).optional();
export const richTextNode: z.ZodType<RichTextNode> = z.lazy(() =>
  z.discriminatedUnion('type', [
    z.object({ type: z.literal('paragraph'), content: children(), attrs: z.object({}).optional() }),
    z.object({
      type: z.literal('heading'),
      attrs: z.object({ level: z.number().int().min(1).max(6) }),
      content: children(),
    }),
    z.object({ type: z.literal('text'), text: z.string().min(1), marks: z.array(richTextMark).optional() }),
    z.object({ type: z.literal('bullet_list'), content: z.array(richTextNode).min(1) }),
    z.object({
      type: z.literal('ordered_list'),
      attrs: z.object({ order: z.number().int() }).optional(),
      content: z.array(richTextNode).min(1),
    }),
    z.object({ type: z.literal('list_item'), content: z.array(richTextNode).min(1) }),
    z.object({ type: z.literal('blockquote'), content: z.array(richTextNode).min(1) }),
    z.object({ type: z.literal('horizontal_rule') }),
    z.object({ type: z.literal('hard_break') }),
    z.object({
      type: z.literal('image'),
      attrs: z.object({ src: z.string().min(1), alt: z.string(), title: z.string().nullable().optional() }),
    }),
    z.object({
      type: z.literal('code_block'),
      attrs: z.object({ class: z.string().nullable().optional() }).optional(),
      content: children(),
    }),
  ]),
);
export const richText: z.ZodType<RichText> = z.object({ type: z.literal('doc'), content: z.array(richTextNode) });
