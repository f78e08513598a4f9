/**
 * Every content component's zod schema (SPEC §1), checked against its type in content-bloks.ts, and what a story's
 * content may be. Parsed where stories are read: the server's story files and the browser's content answers.
 */
import { z } from 'zod';
import { CAROUSEL_FACETS, CAROUSEL_SORTS } from './content-bloks';
import type { BlogPostBlok, Blok, BlokOf, NestableBlok, PageBlok, ProductCategoryBlok } from './content-bloks';
import { ICON_NAMES, type ComponentName } from './content-constants';
import { asset, multilink, richText, seo } from './content-fields';

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
