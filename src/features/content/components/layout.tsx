import type { CarouselGenericBlok, ContentGridBlok, SectionBlok } from '../../../../contract/content-bloks';
import { cx } from '../../../ui/cx';
import { Carousel } from './Carousel';
import { Heading, NestHeadings } from './heading';
import { Blok, Bloks } from './blok';
import { GridFrame } from './tiles';

/** 'primary' and 'dark' sections switch their content to the dark palette (the `dark` variant applies inside). */
const backgrounds = {
  none: '',
  muted: 'bg-gray-100 dark:bg-gray-900',
  primary: 'dark bg-primary-950 text-white',
  dark: 'dark bg-gray-950 text-white',
} as const;
const widths = { narrow: 'max-w-3xl', normal: 'max-w-6xl', wide: 'max-w-7xl' } as const;

/** A page section: full-width background, heading and intro, its blocks one heading level below. */
export function Section({ blok }: { blok: SectionBlok }) {
  const background = blok.background || 'none';
  return (
    <section
      id={blok.anchor || undefined}
      className={cx('w-full scroll-mt-20', backgrounds[background], background !== 'none' && 'py-12 sm:py-16')}
    >
      <div className={cx('mx-auto flex w-full flex-col gap-8 px-4 sm:px-6', widths[blok.width || 'normal'])}>
        {(blok.title || blok.intro) && (
          <div className="flex max-w-3xl flex-col gap-2">
            {blok.title && (
              <Heading className="text-2xl text-gray-950 sm:text-3xl dark:text-white">{blok.title}</Heading>
            )}
            {blok.intro && <p className="text-lg text-gray-700 dark:text-gray-300">{blok.intro}</p>}
          </div>
        )}
        {blok.title ? (
          <NestHeadings>
            <Bloks bloks={blok.body} />
          </NestHeadings>
        ) : (
          <Bloks bloks={blok.body} />
        )}
      </div>
    </section>
  );
}

/** A grid of any blocks. */
export function ContentGrid({ blok }: { blok: ContentGridBlok }) {
  return (
    <GridFrame title={blok.title} columns={blok.columns}>
      {blok.items.map((item) => (
        <div key={item._uid} className="min-w-0">
          <Blok blok={item} />
        </div>
      ))}
    </GridFrame>
  );
}

/** A carousel of cards, image links, images or banners. */
export function CarouselGeneric({ blok }: { blok: CarouselGenericBlok }) {
  return (
    <Carousel title={blok.title} slidesPerView={blok.slides_per_view || '3'}>
      {blok.items.map((item) => (
        <div key={item._uid} className="h-full">
          <Blok blok={item} />
        </div>
      ))}
    </Carousel>
  );
}
