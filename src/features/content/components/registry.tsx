import { lazy, Suspense, useEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { COMPONENT_SCHEMAS, type Blok as AnyBlok, type BlokOf, type ComponentName } from '../../../../contract/content';
import {
  ArticleBlock,
  ArticleContent,
  ArticleContentWithImage,
  ImageContent,
  ImageWithTextAndButton,
  TextImageBlock,
  VideoContent,
} from './article';
import { BasicContent, ButtonComponent, IconBlock, LinkContent, TextContent } from './basic';
import { CarouselProductCategories, ProductCategoryList } from './categories';
import { ProductCategory } from './category';
import { FormWrapper } from './forms';
import { Hero, HeroContent } from './hero';
import { CarouselGeneric, ContentGrid, Section } from './layout';
import {
  Banner,
  BannerGrid,
  Card,
  CardGrid,
  CardImageLink,
  Employee,
  EmployeesGrid,
  FeatureCard,
  FeatureGrid,
} from './tiles';

// Parts with heavy dependencies load as their own chunks: product carousels need the search client, blog lists the
// date formatting. A page without them does not load them.
const products = () => import('./products');
const blog = () => import('./blog');
const CarouselProducts = lazy(() => products().then((m) => ({ default: m.CarouselProducts })));
const CarouselProductsWithFilter = lazy(() => products().then((m) => ({ default: m.CarouselProductsWithFilter })));
const BlogPost = lazy(() => blog().then((m) => ({ default: m.BlogPost })));
const BlogPostList = lazy(() => blog().then((m) => ({ default: m.BlogPostList })));

type Renderer<C extends ComponentName> = ComponentType<{ blok: BlokOf<C> }>;

/** Which component draws each content type (SPEC §1: all 35). `Page` is the story root (see ContentPage). */
export const COMPONENTS: { [C in ComponentName]: Renderer<C> | null } = {
  ArticleBlock,
  ArticleContent,
  ArticleContentWithImage,
  Banner,
  BannerGrid,
  BasicContent,
  BlogPost,
  BlogPostList,
  ButtonComponent,
  Card,
  CardGrid,
  CardImageLink,
  CarouselGeneric,
  CarouselProductCategories,
  CarouselProducts,
  CarouselProductsWithFilter,
  ContentGrid,
  Employee,
  EmployeesGrid,
  FeatureCard,
  FeatureGrid,
  FormWrapper,
  Hero,
  HeroContent,
  ImageContent,
  ImageWithTextAndButton,
  LinkContent,
  Page: null,
  ProductCategory,
  ProductCategoryList,
  Section,
  TextContent,
  TextImageBlock,
  VideoContent,
  Icon: IconBlock,
};

/** Blocks whose code (and data) wait until they come near the screen: below the fold they cost nothing at load. */
const DEFERRED = new Set<string>(['CarouselProducts', 'CarouselProductsWithFilter', 'BlogPostList']);
const LAZY = new Set<string>(['CarouselProducts', 'CarouselProductsWithFilter', 'BlogPost', 'BlogPostList']);

function WhenNear({ children, minHeight }: { children: ReactNode; minHeight: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const el = ref.current;
    if (near || !el) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: '400px 0px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [near]);
  return near ? <>{children}</> : <div ref={ref} style={{ minHeight }} aria-hidden="true" />;
}

function DevWarning({ children }: { children: ReactNode }) {
  return (
    <div
      role="note"
      className="rounded-lg border-2 border-dashed border-amber-600 bg-amber-50 p-4 text-sm text-amber-950"
    >
      {children}
    </div>
  );
}

const isDev = import.meta.env.DEV;

type Check = { success: true; data: AnyBlok } | { success: false; issues: { path: PropertyKey[]; message: string }[] };

/**
 * Blocks already checked against the contract, by object. A block that passes is parsed into new objects, and so is
 * every block nested in it, by the same component schemas (contract/content.ts builds block fields from them): those
 * nested blocks are recorded as checked too, so a block is parsed once, not again at every level it is nested in
 * (about 4× less work on the start page, on its first render; docs/decisions/0021) nor on a re-render. Objects the
 * parse passed through as they were (fields typed unknown) are never taken for checked blocks.
 */
const checkedBloks = new WeakMap<object, Check>();

function collectObjects(value: unknown, into: WeakSet<object>): WeakSet<object> {
  if (value && typeof value === 'object' && !into.has(value)) {
    into.add(value);
    for (const child of Object.values(value)) collectObjects(child, into);
  }
  return into;
}

function recordChecked(value: unknown, input: WeakSet<object>): void {
  if (!value || typeof value !== 'object' || input.has(value)) return;
  const blok = value as { _uid?: unknown; component?: unknown };
  if (
    typeof blok._uid === 'string' &&
    typeof blok.component === 'string' &&
    Object.hasOwn(COMPONENTS, blok.component)
  ) {
    checkedBloks.set(value, { success: true, data: value as AnyBlok });
  }
  for (const child of Object.values(value)) recordChecked(child, input);
}

function check(name: ComponentName, blok: object): Check {
  const known = checkedBloks.get(blok);
  if (known) return known;
  const parsed = COMPONENT_SCHEMAS[name].safeParse(blok);
  if (parsed.success) recordChecked(parsed.data, collectObjects(blok, new WeakSet()));
  const result: Check = parsed.success
    ? { success: true, data: parsed.data }
    : { success: false, issues: parsed.error.issues };
  checkedBloks.set(blok, result);
  return result;
}

/**
 * One block, drawn by its component after checking it against the contract. A block of an unknown type, or one that
 * does not match its schema, renders nothing in production and a visible warning in development.
 */
export function Blok({ blok }: { blok: AnyBlok | { component: string; _uid: string } }) {
  const name = blok.component as ComponentName;
  const Component = Object.hasOwn(COMPONENTS, name) ? (COMPONENTS[name] as Renderer<ComponentName> | null) : null;
  if (!Component) {
    if (!isDev) return null;
    console.warn(`Innehåll: okänd komponent "${blok.component}" (${blok._uid})`);
    return <DevWarning>Okänd komponent: {blok.component}</DevWarning>;
  }
  const checked = check(name, blok);
  if (!checked.success) {
    if (!isDev) return null;
    console.warn(`Innehåll: ${blok.component} (${blok._uid}) stämmer inte med kontraktet`, checked.issues);
    return (
      <DevWarning>
        {blok.component} stämmer inte med kontraktet:{' '}
        {checked.issues.map((issue) => `${issue.path.map(String).join('.')}: ${issue.message}`).join('; ')}
      </DevWarning>
    );
  }
  const drawn = <Component blok={checked.data} />;
  if (!LAZY.has(name)) return drawn;
  const placeholder = <div style={{ minHeight: '24rem' }} aria-hidden="true" />;
  const suspended = <Suspense fallback={placeholder}>{drawn}</Suspense>;
  return DEFERRED.has(name) ? <WhenNear minHeight="24rem">{suspended}</WhenNear> : suspended;
}

/** A blocks field, in order. */
export function Bloks({ bloks }: { bloks: readonly (AnyBlok | { component: string; _uid: string })[] | undefined }) {
  return (
    <>
      {(bloks ?? []).map((blok, index) => (
        <Blok key={blok._uid || index} blok={blok} />
      ))}
    </>
  );
}
