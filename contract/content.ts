import { z } from 'zod';
import { isCalendarDate, plainText } from './common';
import { PRODUCT_SORTS, type ProductSort } from './search';
import { CDN_LIMITS, ICON_NAMES, SERVER_PATH, type ComponentName, type IconName } from './content-constants';

export * from './content-constants';

/**
 * Content pages: Storyblok stories. The browser always reads them with `storyblok-js-client`, configured from
 * `GET /v1/content/config` — either this server's Storyblok-compatible CDN subset (serving the story files under
 * `content/`) or a real Storyblok space. This file holds the field types and every
 * component's fields (SPEC §1), the story files' shape, and the wire shapes of the CDN subset. Its constants, names and
 * app paths are in content-constants.ts (re-exported here), which the browser's first screen reads without zod.
 */

/** The sorts a product carousel may ask for (keys of PRODUCT_SORTS, SPEC §9). */
export const CAROUSEL_SORTS = Object.keys(PRODUCT_SORTS) as [ProductSort, ...ProductSort[]];
/** Facets a CarouselProductsWithFilter may offer as its filter chips. */
export const CAROUSEL_FACETS = ['brand_name', 'categories', 'accreditation_labels', 'zone.name', 'origin'] as const;

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

// ── Components (SPEC §1) ───────────────────────────────────────────────────────────────────────────────────────
// Every blok has `_uid` and `component`. Optional fields may be missing or empty ('' for texts and options, [] for
// blocks); the renderer applies the defaults noted here. Fields that hold blocks are arrays (Storyblok's "blocks").

type B<C extends ComponentName> = { _uid: string; component: C; _editable?: string };
type Columns = '2' | '3' | '4';
type Side = 'left' | 'right';

/** An icon. Default size 'medium', colour 'primary'. `label` is the accessible name (decorative when empty). */
export interface IconBlok extends B<'Icon'> {
  name: IconName;
  size?: 'small' | 'medium' | 'large';
  colour?: 'primary' | 'neutral' | 'success' | 'warning';
  label?: string;
}
/** A link styled as a button. Default variant 'primary', size 'medium', icon at the end. */
export interface ButtonComponentBlok extends B<'ButtonComponent'> {
  label: string;
  link: Multilink;
  variant?: 'primary' | 'secondary' | 'outline' | 'text';
  size?: 'small' | 'medium' | 'large';
  icon?: IconBlok[];
  icon_position?: 'start' | 'end';
}
/** A text link with an optional description and icon ("Ladda ner prislistan →"). */
export interface LinkContentBlok extends B<'LinkContent'> {
  label: string;
  link: Multilink;
  description?: string;
  icon?: IconBlok[];
}
/** Full-width image with the text box (HeroContent) on top. Default height 'medium', overlay 'dark'. */
export interface HeroBlok extends B<'Hero'> {
  image: Asset;
  height?: 'small' | 'medium' | 'large';
  overlay?: 'none' | 'light' | 'dark';
  /** One HeroContent. The first Hero of a page is its largest element: load its image eagerly. */
  content: HeroContentBlok[];
}
/** The text of a Hero: eyebrow, heading (the page's h1 when first), rich text and buttons. Default align 'left'. */
export interface HeroContentBlok extends B<'HeroContent'> {
  eyebrow?: string;
  title: string;
  text?: RichText;
  buttons?: ButtonComponentBlok[];
  align?: 'left' | 'center';
}
/** A campaign tile: image, heading, short text and a link. Default theme 'light', image as 'background'. */
export interface BannerBlok extends B<'Banner'> {
  title: string;
  text?: string;
  image: Asset;
  link: Multilink;
  link_label: string;
  theme?: 'light' | 'dark' | 'primary' | 'accent';
  image_position?: 'background' | 'left' | 'right';
}
/** Banners side by side (one row per `columns`, stacked on phones). */
export interface BannerGridBlok extends B<'BannerGrid'> {
  title?: string;
  columns: '1' | '2' | '3';
  banners: BannerBlok[];
}
/** A card with an image or an icon, a heading, a short text and an optional link. */
export interface CardBlok extends B<'Card'> {
  title: string;
  text: string;
  image?: Asset;
  icon?: IconBlok[];
  link?: Multilink;
  link_label?: string;
}
export interface CardGridBlok extends B<'CardGrid'> {
  title?: string;
  intro?: string;
  columns: Columns;
  cards: CardBlok[];
}
/** An image that is a link, with a caption on it (a category or campaign tile). */
export interface CardImageLinkBlok extends B<'CardImageLink'> {
  title: string;
  subtitle?: string;
  image: Asset;
  link: Multilink;
}
/** A carousel of any tiles. Default slides per view '3' (1 on phones). */
export interface CarouselGenericBlok extends B<'CarouselGeneric'> {
  title?: string;
  slides_per_view?: '1' | '2' | '3' | '4';
  items: (CardBlok | CardImageLinkBlok | ImageContentBlok | BannerBlok)[];
}
/**
 * A carousel of product categories from the catalogue (GET /v1/categories). `categories` lists slugs in order;
 * when empty, the sub-categories of `parent_category`, or the top level (the products folder's children) when
 * that is empty too. Each tile links to the category page (see categoryPath) and shows /images/products/{top}.svg.
 */
export interface CarouselProductCategoriesBlok extends B<'CarouselProductCategories'> {
  title?: string;
  categories?: string[];
  parent_category?: string;
  link?: Multilink;
  link_label?: string;
}
/**
 * A carousel of products fed by a search on the products collection: `q` = `query` ('' or missing → '*'),
 * `filter_by` = `filter_by` (Typesense syntax, e.g. `category_slugs:=ost`), `sort_by` = PRODUCT_SORTS[sort],
 * `per_page` = `limit` (default 12). Prices come from the price call once logged in.
 */
export interface CarouselProductsBlok extends B<'CarouselProducts'> {
  title: string;
  query?: string;
  filter_by?: string;
  sort: ProductSort;
  limit?: number;
  link?: Multilink;
  link_label?: string;
}
/**
 * A product carousel with filter chips: the same search as CarouselProducts plus `facet_by` = `facet`; the chips
 * are `facet_values` (in that order) or, when empty, the search's top facet values. Picking a chip adds
 * `{facet}:=[`value`]` to the filter; the first chip is "Alla".
 */
export interface CarouselProductsWithFilterBlok extends B<'CarouselProductsWithFilter'> {
  title: string;
  query?: string;
  filter_by?: string;
  sort: ProductSort;
  limit?: number;
  facet: (typeof CAROUSEL_FACETS)[number];
  facet_values?: string[];
  link?: Multilink;
  link_label?: string;
}
/** A grid of any blocks. */
export interface ContentGridBlok extends B<'ContentGrid'> {
  title?: string;
  columns: Columns;
  items: NestableBlok[];
}
/** A page section: heading, intro and blocks on a background. Defaults: background 'none', width 'normal'. */
export interface SectionBlok extends B<'Section'> {
  title?: string;
  intro?: string;
  background?: 'none' | 'muted' | 'primary' | 'dark';
  width?: 'narrow' | 'normal' | 'wide';
  /** Fragment id for in-page links (#anchor). */
  anchor?: string;
  body: NestableBlok[];
}
/** Rich text on its own. */
export interface TextContentBlok extends B<'TextContent'> {
  text: RichText;
  align?: 'left' | 'center';
}
/** A heading, rich text and optional buttons: the plainest content block. */
export interface BasicContentBlok extends B<'BasicContent'> {
  title: string;
  text: RichText;
  icon?: IconBlok[];
  buttons?: ButtonComponentBlok[];
}
/** An article: heading and its parts in order (long-form text, text with image, images, video, links). */
export interface ArticleBlockBlok extends B<'ArticleBlock'> {
  eyebrow?: string;
  title?: string;
  items: (
    | ArticleContentBlok
    | ArticleContentWithImageBlok
    | ImageContentBlok
    | VideoContentBlok
    | TextContentBlok
    | LinkContentBlok
    | ButtonComponentBlok
  )[];
}
/** A part of an article: optional sub-heading and rich text, set for reading (narrow column). */
export interface ArticleContentBlok extends B<'ArticleContent'> {
  title?: string;
  text: RichText;
}
/** A part of an article with an image beside the text (stacked on phones). */
export interface ArticleContentWithImageBlok extends B<'ArticleContentWithImage'> {
  title?: string;
  text: RichText;
  image: Asset;
  image_position: Side;
  caption?: string;
}
/** An image with an optional caption and link. Default aspect ratio 'auto' (the image's own). */
export interface ImageContentBlok extends B<'ImageContent'> {
  image: Asset;
  caption?: string;
  aspect_ratio?: 'auto' | '16:9' | '4:3' | '3:2' | '1:1';
  link?: Multilink;
}
/** Image on one side, heading, text and a button on the other. */
export interface ImageWithTextAndButtonBlok extends B<'ImageWithTextAndButton'> {
  title: string;
  text: RichText;
  image: Asset;
  image_position: Side;
  button: ButtonComponentBlok[];
}
/** Text beside an image, on an optional muted background. */
export interface TextImageBlockBlok extends B<'TextImageBlock'> {
  eyebrow?: string;
  title: string;
  text: RichText;
  image: Asset;
  image_position: Side;
  background?: 'none' | 'muted';
}
/**
 * A video: a file (`video`, played with <video controls preload="none"> and `poster`) or an embed (`video_url`,
 * YouTube or Vimeo, loaded only on click). Exactly one of them is set.
 */
export interface VideoContentBlok extends B<'VideoContent'> {
  title?: string;
  video?: Asset;
  video_url?: string;
  poster: Asset;
  caption?: string;
}
/** A person: photo, name, role and how to reach them. */
export interface EmployeeBlok extends B<'Employee'> {
  name: string;
  role: string;
  image: Asset;
  area?: string;
  email?: string;
  phone?: string;
  text?: string;
}
export interface EmployeesGridBlok extends B<'EmployeesGrid'> {
  title?: string;
  intro?: string;
  columns?: Columns;
  employees: EmployeeBlok[];
}
/** A selling point: icon, heading, text and an optional link. */
export interface FeatureCardBlok extends B<'FeatureCard'> {
  title: string;
  text: string;
  icon: IconBlok[];
  link?: Multilink;
}
export interface FeatureGridBlok extends B<'FeatureGrid'> {
  title?: string;
  intro?: string;
  columns: Columns;
  features: FeatureCardBlok[];
}
/**
 * Frames one of the app's own forms: 'contact' (the contact form, its own issue) or 'newsletter' (the sign-up).
 * The form code lives in the app; this block gives it a heading, an intro and the text shown after sending.
 */
export interface FormWrapperBlok extends B<'FormWrapper'> {
  title: string;
  intro?: RichText;
  form: 'contact' | 'newsletter';
  success_message?: string;
}
/**
 * The newest stories under `folder` (a starts_with prefix, e.g. 'blogg/'), as cards: GET cdn/stories with
 * starts_with, is_startpage=false, content_type=BlogPost, sort_by=first_published_at:desc, per_page=limit,
 * with_tag=tag. With `show_pagination`, pages through the `total` header.
 */
export interface BlogPostListBlok extends B<'BlogPostList'> {
  title?: string;
  folder: string;
  limit: number;
  tag?: string;
  show_pagination?: boolean;
}
/**
 * The category list: the sub-categories of `parent_category` (slug; empty: the top level), as a grid of tiles or a
 * list with product counts.
 */
export interface ProductCategoryListBlok extends B<'ProductCategoryList'> {
  title?: string;
  parent_category?: string;
  layout?: 'grid' | 'list';
  show_product_count?: boolean;
}
/**
 * A category page (the content type of the stories in the products folder; usable as a block too): heading
 * (`title`, else the catalogue's name), intro, image, `body` blocks, then — unless `show_products` is false — the
 * category's products with the search page's sorts and facets (filter `category_slugs:={category}`, sort
 * `default_sort`, default 'bestSeller').
 */
export interface ProductCategoryBlok extends B<'ProductCategory'> {
  category: string;
  title?: string;
  intro?: RichText;
  image?: Asset;
  show_products?: boolean;
  default_sort?: ProductSort;
  body?: NestableBlok[];
  seo?: Seo;
}
/** A blog post (content type of the stories in the blog folder; usable as a block too). */
export interface BlogPostBlok extends B<'BlogPost'> {
  title: string;
  intro: string;
  image: Asset;
  author: string;
  author_role?: string;
  reading_minutes?: number;
  body: RichText;
  seo?: Seo;
}
/**
 * A page (the usual content type). `colour_mode` forces light or dark on this page (SPEC §1); `hide_breadcrumbs`
 * hides the trail (start page). The title and meta tags come from `seo`.
 */
export interface PageBlok extends B<'Page'> {
  title: string;
  body: NestableBlok[];
  seo?: Seo;
  colour_mode?: '' | 'light' | 'dark';
  hide_breadcrumbs?: boolean;
}

/** Blocks that may sit in a generic blocks field (everything but Page). */
export type NestableBlok =
  | ArticleBlockBlok
  | ArticleContentBlok
  | ArticleContentWithImageBlok
  | BannerBlok
  | BannerGridBlok
  | BasicContentBlok
  | BlogPostBlok
  | BlogPostListBlok
  | ButtonComponentBlok
  | CardBlok
  | CardGridBlok
  | CardImageLinkBlok
  | CarouselGenericBlok
  | CarouselProductCategoriesBlok
  | CarouselProductsBlok
  | CarouselProductsWithFilterBlok
  | ContentGridBlok
  | EmployeeBlok
  | EmployeesGridBlok
  | FeatureCardBlok
  | FeatureGridBlok
  | FormWrapperBlok
  | HeroBlok
  | HeroContentBlok
  | ImageContentBlok
  | ImageWithTextAndButtonBlok
  | LinkContentBlok
  | ProductCategoryBlok
  | ProductCategoryListBlok
  | SectionBlok
  | TextContentBlok
  | TextImageBlockBlok
  | VideoContentBlok
  | IconBlok;
export type Blok = NestableBlok | PageBlok;
export type BlokOf<C extends ComponentName> = Extract<Blok, { component: C }>;

// The schemas. Objects strip unknown keys (so real Storyblok content with extra fields still parses); the content
// test compares each parsed story with its file to catch misspelt fields.
const uid = z.string().min(1);
const text = z.string().min(1);
const optText = z.string().optional();
const slug = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'a catalogue slug (a-z, 0-9 and -)');
const columns = z.enum(['2', '3', '4']);
const side = z.enum(['left', 'right']);
const sort = z.enum(CAROUSEL_SORTS);
const limit = z.number().int().min(1).max(24).optional();
const editable = z.string().optional();
const one = <T extends z.ZodType>(schema: T) => z.array(schema).length(1);
const blocks = <T extends z.ZodType>(schema: T) => z.array(schema);
/** A block's schema: `_uid`, `component` and its own fields (getters kept as getters, for the recursive ones). */
const obj = <C extends ComponentName, S extends z.ZodRawShape>(component: C, shape: S) => {
  const base = { _uid: uid, component: z.literal(component), _editable: editable };
  return z.object(Object.defineProperties(base, Object.getOwnPropertyDescriptors(shape)) as typeof base & S);
};

const icon = obj('Icon', {
  name: z.enum(ICON_NAMES),
  size: z.enum(['small', 'medium', 'large']).optional(),
  colour: z.enum(['primary', 'neutral', 'success', 'warning']).optional(),
  label: optText,
});
const button = obj('ButtonComponent', {
  label: text,
  link: multilink,
  variant: z.enum(['primary', 'secondary', 'outline', 'text']).optional(),
  size: z.enum(['small', 'medium', 'large']).optional(),
  icon: blocks(icon).max(1).optional(),
  icon_position: z.enum(['start', 'end']).optional(),
});
const linkContent = obj('LinkContent', {
  label: text,
  link: multilink,
  description: optText,
  icon: blocks(icon).max(1).optional(),
});
const heroContent = obj('HeroContent', {
  eyebrow: optText,
  title: text,
  text: richText.optional(),
  buttons: blocks(button).max(3).optional(),
  align: z.enum(['left', 'center']).optional(),
});
const hero = obj('Hero', {
  image: asset,
  height: z.enum(['small', 'medium', 'large']).optional(),
  overlay: z.enum(['none', 'light', 'dark']).optional(),
  content: one(heroContent),
});
const banner = obj('Banner', {
  title: text,
  text: optText,
  image: asset,
  link: multilink,
  link_label: text,
  theme: z.enum(['light', 'dark', 'primary', 'accent']).optional(),
  image_position: z.enum(['background', 'left', 'right']).optional(),
});
const bannerGrid = obj('BannerGrid', {
  title: optText,
  columns: z.enum(['1', '2', '3']),
  banners: blocks(banner).min(1),
});
const card = obj('Card', {
  title: text,
  text,
  image: asset.optional(),
  icon: blocks(icon).max(1).optional(),
  link: multilink.optional(),
  link_label: optText,
});
const cardGrid = obj('CardGrid', { title: optText, intro: optText, columns, cards: blocks(card).min(1) });
const cardImageLink = obj('CardImageLink', { title: text, subtitle: optText, image: asset, link: multilink });
const imageContent = obj('ImageContent', {
  image: asset,
  caption: optText,
  aspect_ratio: z.enum(['auto', '16:9', '4:3', '3:2', '1:1']).optional(),
  link: multilink.optional(),
});
const carouselGeneric = obj('CarouselGeneric', {
  title: optText,
  slides_per_view: z.enum(['1', '2', '3', '4']).optional(),
  items: blocks(z.discriminatedUnion('component', [card, cardImageLink, imageContent, banner])).min(1),
});
const carouselProductCategories = obj('CarouselProductCategories', {
  title: optText,
  categories: z.array(slug).optional(),
  parent_category: slug.or(z.literal('')).optional(),
  link: multilink.optional(),
  link_label: optText,
});
const carouselProducts = obj('CarouselProducts', {
  title: text,
  query: z.string().optional(),
  filter_by: z.string().optional(),
  sort,
  limit,
  link: multilink.optional(),
  link_label: optText,
});
const carouselProductsWithFilter = obj('CarouselProductsWithFilter', {
  title: text,
  query: z.string().optional(),
  filter_by: z.string().optional(),
  sort,
  limit,
  facet: z.enum(CAROUSEL_FACETS),
  facet_values: z.array(text).optional(),
  link: multilink.optional(),
  link_label: optText,
});
const textContent = obj('TextContent', { text: richText, align: z.enum(['left', 'center']).optional() });
const basicContent = obj('BasicContent', {
  title: text,
  text: richText,
  icon: blocks(icon).max(1).optional(),
  buttons: blocks(button).max(3).optional(),
});
const articleContent = obj('ArticleContent', { title: optText, text: richText });
const articleContentWithImage = obj('ArticleContentWithImage', {
  title: optText,
  text: richText,
  image: asset,
  image_position: side,
  caption: optText,
});
const videoContent = obj('VideoContent', {
  title: optText,
  video: asset.optional(),
  video_url: z
    .url()
    .regex(/^https:\/\/(www\.youtube(-nocookie)?\.com|youtu\.be|player\.vimeo\.com|vimeo\.com)\//)
    .optional(),
  poster: asset,
  caption: optText,
}).refine((v) => Boolean(v.video) !== Boolean(v.video_url), {
  message: 'VideoContent needs exactly one of video and video_url',
});
const articleBlock = obj('ArticleBlock', {
  eyebrow: optText,
  title: optText,
  items: blocks(
    z.discriminatedUnion('component', [
      articleContent,
      articleContentWithImage,
      imageContent,
      videoContent,
      textContent,
      linkContent,
      button,
    ]),
  ).min(1),
});
const imageWithTextAndButton = obj('ImageWithTextAndButton', {
  title: text,
  text: richText,
  image: asset,
  image_position: side,
  button: one(button),
});
const textImageBlock = obj('TextImageBlock', {
  eyebrow: optText,
  title: text,
  text: richText,
  image: asset,
  image_position: side,
  background: z.enum(['none', 'muted']).optional(),
});
const employee = obj('Employee', {
  name: text,
  role: text,
  image: asset,
  area: optText,
  email: z.email().optional(),
  phone: optText,
  text: optText,
});
const employeesGrid = obj('EmployeesGrid', {
  title: optText,
  intro: optText,
  columns: columns.optional(),
  employees: blocks(employee).min(1),
});
const featureCard = obj('FeatureCard', { title: text, text, icon: one(icon), link: multilink.optional() });
const featureGrid = obj('FeatureGrid', {
  title: optText,
  intro: optText,
  columns,
  features: blocks(featureCard).min(1),
});
const formWrapper = obj('FormWrapper', {
  title: text,
  intro: richText.optional(),
  form: z.enum(['contact', 'newsletter']),
  success_message: optText,
});
const blogPostList = obj('BlogPostList', {
  title: optText,
  folder: z.string().regex(/^[a-z0-9-]+(\/[a-z0-9-]+)*\/$/, 'a folder prefix ending in /'),
  limit: z.number().int().min(1).max(25),
  tag: optText,
  show_pagination: z.boolean().optional(),
});
const productCategoryList = obj('ProductCategoryList', {
  title: optText,
  parent_category: slug.or(z.literal('')).optional(),
  layout: z.enum(['grid', 'list']).optional(),
  show_product_count: z.boolean().optional(),
});
const blogPost = obj('BlogPost', {
  title: text,
  intro: text,
  image: asset,
  author: text,
  author_role: optText,
  reading_minutes: z.number().int().min(1).max(60).optional(),
  body: richText,
  seo: seo.optional(),
});
// Blocks that hold other blocks: their fields are getters, so the schemas may refer to `nestableBlok` before it is
// defined.
const contentGrid = obj('ContentGrid', {
  title: optText,
  columns,
  get items() {
    return blocks(nestableBlok).min(1);
  },
});
const section = obj('Section', {
  title: optText,
  intro: optText,
  background: z.enum(['none', 'muted', 'primary', 'dark']).optional(),
  width: z.enum(['narrow', 'normal', 'wide']).optional(),
  anchor: z
    .string()
    .regex(/^[a-z][a-z0-9-]*$/)
    .optional(),
  get body() {
    return blocks(nestableBlok).min(1);
  },
});
const productCategory = obj('ProductCategory', {
  category: slug,
  title: optText,
  intro: richText.optional(),
  image: asset.optional(),
  show_products: z.boolean().optional(),
  default_sort: sort.optional(),
  get body() {
    return blocks(nestableBlok).optional();
  },
  seo: seo.optional(),
});
const page = obj('Page', {
  title: text,
  get body() {
    return blocks(nestableBlok);
  },
  seo: seo.optional(),
  colour_mode: z.enum(['', 'light', 'dark']).optional(),
  hide_breadcrumbs: z.boolean().optional(),
});

const NESTABLE = [
  articleBlock,
  articleContent,
  articleContentWithImage,
  banner,
  bannerGrid,
  basicContent,
  blogPost,
  blogPostList,
  button,
  card,
  cardGrid,
  cardImageLink,
  carouselGeneric,
  carouselProductCategories,
  carouselProducts,
  carouselProductsWithFilter,
  contentGrid,
  employee,
  employeesGrid,
  featureCard,
  featureGrid,
  formWrapper,
  hero,
  heroContent,
  imageContent,
  imageWithTextAndButton,
  linkContent,
  productCategory,
  productCategoryList,
  section,
  textContent,
  textImageBlock,
  videoContent,
  icon,
] as const;

/** Any block but Page (what a generic blocks field holds). */
export const nestableBlok: z.ZodType<NestableBlok> = z.lazy(() => z.discriminatedUnion('component', [...NESTABLE]));
/** Any block. */
export const blok: z.ZodType<Blok> = z.lazy(() => z.discriminatedUnion('component', [...NESTABLE, page]));

/** Each component's schema by name, e.g. to validate one block the renderer is about to draw. */
export const COMPONENT_SCHEMAS = Object.fromEntries(
  [...NESTABLE, page].map((schema) => [schema.shape.component.value, schema]),
) as unknown as { [C in ComponentName]: z.ZodType<BlokOf<C>> };

/** What a story's `content` may be: a Page, BlogPost or ProductCategory with its SEO fields filled in. */
export const storyContent = z
  .discriminatedUnion('component', [page, blogPost, productCategory])
  .refine((content) => content.seo !== undefined, { message: 'a story needs seo.title and seo.description' });
export type StoryContent = PageBlok | BlogPostBlok | ProductCategoryBlok;

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

// ── The CDN subset on the wire (GET {endpoint}/cdn/stories, /cdn/stories/{slug|id|uuid}, /cdn/links) ──────────────

/** A story as Storyblok's Content Delivery API v2 sends it. */
export const cdnStory = z.object({
  id: z.number().int(),
  uuid: z.string(),
  name: z.string(),
  slug: z.string(),
  full_slug: z.string(),
  default_full_slug: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  published_at: z.string().nullable(),
  first_published_at: z.string().nullable(),
  sort_by_date: z.string().nullable(),
  position: z.number().int(),
  tag_list: z.array(z.string()),
  is_startpage: z.boolean(),
  parent_id: z.number().int().nullable(),
  meta_data: z.unknown().nullable(),
  group_id: z.string(),
  release_id: z.number().int().nullable(),
  lang: z.string(),
  path: z.string().nullable(),
  alternates: z.array(z.unknown()),
  translated_slugs: z.array(z.unknown()).nullable(),
  /** The content passes through as stored (see storyContent for its shape). */
  content: z.looseObject({ _uid: z.string(), component: z.string() }),
});
export type CdnStory = z.infer<typeof cdnStory>;

/** GET cdn/stories: headers `total` (matching stories) and `per-page`. */
export const cdnStoriesResponse = z.object({
  stories: z.array(cdnStory),
  cv: z.number().int(),
  rels: z.array(z.unknown()),
  links: z.array(z.unknown()),
});
/** GET cdn/stories/{full_slug | id | uuid with find_by=uuid}. */
export const cdnStoryResponse = z.object({
  story: cdnStory,
  cv: z.number().int(),
  rels: z.array(z.unknown()),
  links: z.array(z.unknown()),
});

/** A link object: a concise story or folder. `slug` is the full slug; root items have parent_id 0. */
export const cdnLink = z.object({
  id: z.number().int(),
  uuid: z.string(),
  slug: z.string(),
  path: z.string().nullable(),
  real_path: z.string(),
  name: z.string(),
  is_folder: z.boolean(),
  published: z.boolean(),
  is_startpage: z.boolean(),
  position: z.number().int(),
  parent_id: z.number().int().nullable(),
  published_at: z.string().nullable().optional(),
  created_at: z.string().optional(),
  updated_at: z.string().optional(),
});
export type CdnLink = z.infer<typeof cdnLink>;
/** GET cdn/links: `{ links: { [uuid]: link } }`, headers `total` and `per-page`. */
export const cdnLinksResponse = z.object({ links: z.record(z.string(), cdnLink) });

/** Storyblok's 404: a JSON array with one message (storyblok-js-client rejects with `message` set to it). */
export const cdnNotFound = z.array(z.string());
export const CDN_NOT_FOUND = ['This record could not be found'];
/** A malformed parameter: 400 with `error` (English, what storyblok-js-client shows) and our code and fields. */
export const cdnError = z.object({
  error: z.string(),
  code: z.string(),
  message: z.string(),
  fields: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});

const flag = z.enum(['true', 'false', '1', '0']);
const intParam = (min: number, max: number) =>
  plainText.regex(/^\d+$/, 'must be a whole number').transform(Number).pipe(z.number().int().min(min).max(max));
const list = (item: RegExp, what: string) =>
  plainText.refine((v) => v.split(',').every((part) => item.test(part.trim())), `must be a comma-separated ${what}`);
const fullSlugPattern = /^[a-z0-9*][a-z0-9/*_-]*$/i;
const sortByPattern =
  /^(name|slug|full_slug|created_at|updated_at|published_at|first_published_at|sort_by_date|position|id|uuid|content\.[A-Za-z0-9_.]+):(asc|desc)(:(int|float))?$/;
const instantParam = plainText
  .regex(/^\d{4}-\d{2}-\d{2}([ T]\d{2}:\d{2}(:\d{2})?)?$/, {
    message: 'must be a date like 2026-01-31 12:00',
    abort: true,
  })
  .refine((v) => isCalendarDate(v.slice(0, 10)), { message: 'validation.date' });

/** The parameters both story calls take. Unknown parameters are ignored (as Storyblok does). */
const commonStoryParams = {
  token: plainText.optional(),
  version: z.enum(['published', 'draft']).optional(),
  cv: plainText.regex(/^\d+$/, 'must be a whole number').optional(),
  resolve_links: z.enum(['0', '1', 'url', 'story', 'link']).optional(),
  resolve_links_level: z.enum(['1', '2']).optional(),
  resolve_relations: plainText.optional(),
  resolve_level: plainText.optional(),
  language: plainText.optional(),
  fallback_lang: plainText.optional(),
  from_release: plainText.optional(),
};

/** GET cdn/stories query. `filter_query[field][op]=value` parameters are read on top of these. */
export const cdnStoriesQuery = z.looseObject({
  ...commonStoryParams,
  starts_with: plainText.max(300).optional(),
  by_slugs: list(fullSlugPattern, 'list of full slugs (* allowed)').optional(),
  excluding_slugs: list(fullSlugPattern, 'list of full slugs (* allowed)').optional(),
  by_uuids: list(/^[0-9a-f-]{36}$/i, 'list of uuids').optional(),
  by_uuids_ordered: list(/^[0-9a-f-]{36}$/i, 'list of uuids').optional(),
  by_ids: list(/^\d+$/, 'list of ids').optional(),
  excluding_ids: list(/^\d+$/, 'list of ids').optional(),
  with_tag: plainText.optional(),
  is_startpage: flag.optional(),
  content_type: plainText.optional(),
  search_term: plainText.max(200).optional(),
  level: intParam(1, 20).optional(),
  per_page: intParam(1, CDN_LIMITS.storiesPerPage).optional(),
  page: intParam(1, 100_000).optional(),
  sort_by: plainText.regex(sortByPattern, 'must be field:asc or field:desc (optionally :int or :float)').optional(),
  excluding_fields: plainText.optional(),
  first_published_at_gt: instantParam.optional(),
  first_published_at_lt: instantParam.optional(),
  published_at_gt: instantParam.optional(),
  published_at_lt: instantParam.optional(),
});
export type CdnStoriesQuery = z.output<typeof cdnStoriesQuery>;

export const cdnStoryQuery = z.looseObject({ ...commonStoryParams, find_by: z.enum(['uuid']).optional() });
export type CdnStoryQuery = z.output<typeof cdnStoryQuery>;
export const cdnStoryParams = z.object({ '*': plainText.min(1).max(500) });

export const cdnLinksQuery = z.looseObject({
  token: plainText.optional(),
  version: z.enum(['published', 'draft']).optional(),
  cv: plainText.regex(/^\d+$/, 'must be a whole number').optional(),
  starts_with: plainText.max(300).optional(),
  with_parent: intParam(0, Number.MAX_SAFE_INTEGER).optional(),
  include_dates: flag.optional(),
  paginated: flag.optional(),
  per_page: intParam(1, CDN_LIMITS.linksPerPage).optional(),
  page: intParam(1, 100_000).optional(),
});
export type CdnLinksQuery = z.output<typeof cdnLinksQuery>;

// ── GET /v1/content/config ─────────────────────────────────────────────────────────────────────────────────────

/**
 * What the browser passes to `new StoryblokClient({ accessToken, endpoint, version, rateLimit, maxRetries,
 * retriesDelay, timeout })` (the client appends /cdn/…). `endpoint` is this server's CDN subset as a path
 * (`SERVER_PATH`, resolved by the browser against the API's own origin), or the Storyblok space's region API, absolute,
 * when STORYBLOK_TOKEN is set (the server does not proxy).
 */
export const contentConfigResponse = z.object({
  engine: z.enum(['embedded', 'storyblok']),
  endpoint: z.union([z.url(), z.string().regex(SERVER_PATH)]),
  accessToken: z.string(),
  version: z.enum(['published', 'draft']),
  rateLimit: z.number().int(),
  perPage: z.number().int(),
  batchSize: z.number().int(),
  maxRetries: z.number().int(),
  retriesDelay: z.number().int(),
  /** Seconds; 0 = no timeout. */
  timeout: z.number().int(),
  productsFolderId: z.number().int(),
  productsFolderSlug: z.string(),
});
export type ContentConfigResponse = z.infer<typeof contentConfigResponse>;
