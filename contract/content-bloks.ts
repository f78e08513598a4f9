/**
 * Every content component's fields as TypeScript types (SPEC §1) — what the renderer reads. Their zod schemas are in
 * content-schemas.ts; plain constants only here, so that a component file needs no zod to know its props.
 */
import type { ComponentName, IconName } from './content-constants';
import type { Asset, Multilink, RichText, Seo } from './content-fields';
import { PRODUCT_SORTS, type ProductSort } from './search-constants';

/** The sorts a product carousel may ask for (keys of PRODUCT_SORTS, SPEC §9). */
export const CAROUSEL_SORTS = Object.keys(PRODUCT_SORTS) as [ProductSort, ...ProductSort[]];
/** Facets a CarouselProductsWithFilter may offer as its filter chips. */
export const CAROUSEL_FACETS = ['brand_name', 'categories', 'accreditation_labels', 'zone.name', 'origin'] as const;

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
