import {
  Component as ReactComponent,
  Suspense,
  useEffect,
  useRef,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import type { Blok as AnyBlok, BlokOf } from '../../../../contract/content-bloks';
import type { ComponentName } from '../../../../contract/content-constants';

/**
 * Drawing one block by its type. Blocks that hold blocks (sections, grids, articles) draw them through `Blok` here, and
 * the map of which component draws which type is handed in once by ./registry.tsx, which imports every block: this
 * file imports none, so the blocks and the map do not import each other (no circle).
 */

export type Renderer<C extends ComponentName> = ComponentType<{ blok: BlokOf<C> }>;
export type ComponentMap = { [C in ComponentName]: Renderer<C> | null };

let components: Partial<ComponentMap> = {};

/** Called once, by ./registry.tsx when it loads (before any page draws a block). */
export function setComponents(map: ComponentMap): void {
  components = map;
}

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

/**
 * One block's own failure stays its own: a block whose fields its component cannot draw (content the CMS let through
 * in a shape this app does not expect) renders nothing in production and a visible warning in development, and the
 * rest of the page is drawn. Blocks are not parsed with the contract's schemas in the browser (decision 0044): the
 * embedded content service refuses story files that do not match them (server/adapters/content/local/load.ts),
 * Storyblok's own component schema types every field its editors fill in, and zod would cost the first screen 30 KB.
 */
class BlockBoundary extends ReactComponent<{ name: string; uid: string; children: ReactNode }, { error?: unknown }> {
  override state: { error?: unknown } = {};

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown) {
    console.warn(`Innehåll: ${this.props.name} (${this.props.uid}) kunde inte visas`, error);
  }

  override render() {
    if (this.state.error === undefined) return this.props.children;
    if (!isDev) return null;
    return (
      <DevWarning>
        {this.props.name} kunde inte visas: {String(this.state.error)}
      </DevWarning>
    );
  }
}

/**
 * One block, drawn by its component. A block of an unknown type, or one its component cannot draw, renders nothing in
 * production and a visible warning in development.
 */
export function Blok({ blok }: { blok: AnyBlok | { component: string; _uid: string } }) {
  const name = blok.component as ComponentName;
  const Component = Object.hasOwn(components, name) ? (components[name] as Renderer<ComponentName> | null) : null;
  if (!Component) {
    if (!isDev) return null;
    console.warn(`Innehåll: okänd komponent "${blok.component}" (${blok._uid})`);
    return <DevWarning>Okänd komponent: {blok.component}</DevWarning>;
  }
  const drawn = (
    <BlockBoundary name={name} uid={blok._uid}>
      <Component blok={blok as BlokOf<ComponentName>} />
    </BlockBoundary>
  );
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
