import type { HeroBlok, HeroContentBlok } from '../../../../contract/content-bloks';
import { cx } from '../../../ui/cx';
import { Buttons } from './basic';
import { Heading } from './heading';
import { BOX, ContentImage } from './media';
import { usePageInfo } from './page-context';
import { RichText } from './RichText';

const heights = {
  small: 'min-h-64 sm:min-h-80',
  medium: 'min-h-88 sm:min-h-112',
  large: 'min-h-112 sm:min-h-144',
} as const;

const overlays = {
  none: '',
  light: 'bg-white/75 dark:bg-gray-950/70',
  dark: 'bg-gradient-to-r from-gray-950/85 via-gray-950/65 to-gray-950/30',
} as const;

/** Full-width image with its text on top; the page's first hero loads its image at once (LCP). */
export function Hero({ blok }: { blok: HeroBlok }) {
  const { firstHeroUid } = usePageInfo();
  const overlay = blok.overlay || 'dark';
  const content = blok.content[0];
  return (
    <div className={cx('relative isolate flex w-full items-center overflow-hidden', heights[blok.height || 'medium'])}>
      <ContentImage
        asset={blok.image}
        box={BOX.hero}
        sizes="100vw"
        priority={blok._uid === firstHeroUid}
        className="absolute inset-0 -z-20 size-full object-cover"
      />
      {overlay !== 'none' && <div className={cx('absolute inset-0 -z-10', overlays[overlay])} aria-hidden="true" />}
      <div className="mx-auto w-full max-w-6xl px-4 py-12 sm:px-6 sm:py-16">
        {content && <HeroText blok={content} overlay={overlay} />}
      </div>
    </div>
  );
}

function HeroText({ blok, overlay }: { blok: HeroContentBlok; overlay: 'none' | 'light' | 'dark' }) {
  const center = blok.align === 'center';
  const tone =
    overlay === 'dark'
      ? 'text-white [&_a:not([class*=bg-])]:text-white'
      : overlay === 'light'
        ? 'text-gray-950 dark:text-white'
        : 'rounded-2xl bg-white/95 p-6 text-gray-950 shadow-lg dark:bg-gray-900/95 dark:text-white';
  return (
    <div className={cx('flex max-w-2xl flex-col gap-4', center && 'mx-auto items-center text-center', tone)}>
      {blok.eyebrow && <p className="text-sm font-semibold tracking-wide uppercase opacity-90">{blok.eyebrow}</p>}
      <Heading className="text-4xl font-extrabold sm:text-5xl">{blok.title}</Heading>
      <RichText doc={blok.text} className="text-lg" />
      <Buttons buttons={blok.buttons} className={cx('mt-2', center && 'justify-center')} />
    </div>
  );
}

/** HeroContent on its own (outside a Hero): the same text on the page's background. */
export function HeroContent({ blok }: { blok: HeroContentBlok }) {
  return <HeroText blok={blok} overlay="light" />;
}
