import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type {
  BannerBlok,
  BannerGridBlok,
  CardBlok,
  CardGridBlok,
  CardImageLinkBlok,
  EmployeeBlok,
  EmployeesGridBlok,
  FeatureCardBlok,
  FeatureGridBlok,
} from '../../../../contract/content-bloks';
import { cx } from '../../../ui/cx';
import { linkClass } from '../../../ui/Link';
import { Heading, NestHeadings } from './heading';
import { FirstIcon, Icon } from './Icon';
import { ContentLink } from './links';
import { BOX, ContentImage } from './media';

export const gridColumns = {
  '1': 'grid-cols-1',
  '2': 'grid-cols-1 sm:grid-cols-2',
  '3': 'grid-cols-1 sm:grid-cols-2 lg:grid-cols-3',
  '4': 'grid-cols-1 sm:grid-cols-2 lg:grid-cols-4',
} as const;

/** A grid's optional heading and intro, its items' headings one level below. */
export function GridFrame({
  title,
  intro,
  columns,
  children,
  as = 'div',
}: {
  title?: string;
  intro?: string;
  columns: keyof typeof gridColumns;
  children: ReactNode;
  as?: 'div' | 'ul';
}) {
  const List = as;
  const grid = <List className={cx('grid gap-4 sm:gap-6', gridColumns[columns])}>{children}</List>;
  if (!title && !intro) return grid;
  return (
    <div className="flex flex-col gap-6">
      <div className="flex max-w-3xl flex-col gap-2">
        {title && <Heading className="text-2xl text-gray-950 sm:text-3xl dark:text-white">{title}</Heading>}
        {intro && <p className="text-lg text-gray-700 dark:text-gray-300">{intro}</p>}
      </div>
      {title ? <NestHeadings>{grid}</NestHeadings> : grid}
    </div>
  );
}

const themes = {
  light: 'bg-white text-gray-950 ring-1 ring-gray-200 dark:bg-gray-900 dark:text-white dark:ring-gray-700',
  dark: 'bg-gray-900 text-white ring-1 ring-gray-800',
  primary: 'bg-primary-800 text-white',
  accent: 'bg-amber-100 text-gray-950',
} as const;
/** Over a background image: a scrim in the theme's colour keeps the text readable. */
const scrims = {
  light:
    'bg-gradient-to-t from-white via-white/90 to-white/30 dark:from-gray-900 dark:via-gray-900/90 dark:to-gray-900/30',
  dark: 'bg-gradient-to-t from-gray-950 via-gray-950/85 to-gray-950/20',
  primary: 'bg-gradient-to-t from-primary-900 via-primary-900/85 to-primary-900/20',
  accent: 'bg-gradient-to-t from-amber-100 via-amber-100/90 to-amber-100/30',
} as const;
const stretched = 'after:absolute after:inset-0 after:rounded-2xl after:content-[""]';

/** A campaign tile; the whole tile is the link (its name is the label). */
export function Banner({ blok }: { blok: BannerBlok }) {
  const theme = blok.theme || 'light';
  const position = blok.image_position || 'background';
  const onImage = position === 'background';
  return (
    <article
      className={cx(
        'group relative isolate flex h-full overflow-hidden rounded-2xl shadow-sm focus-within:ring-2 focus-within:ring-primary-600',
        themes[theme],
        onImage ? 'min-h-80 flex-col justify-end' : 'flex-col sm:flex-row',
        position === 'right' && 'sm:flex-row-reverse',
      )}
    >
      <ContentImage
        asset={blok.image}
        box={onImage ? BOX.portrait : BOX.fourThree}
        sizes="(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"
        className={cx(
          'object-cover transition-transform duration-300 group-hover:scale-105 motion-reduce:transition-none',
          onImage ? 'absolute inset-0 -z-20 size-full' : 'aspect-4/3 w-full sm:w-2/5',
        )}
      />
      {onImage && <div className={cx('absolute inset-0 -z-10', scrims[theme])} aria-hidden="true" />}
      <div className="flex flex-1 flex-col gap-2 p-6">
        <Heading className="text-xl">{blok.title}</Heading>
        {blok.text && <p className="opacity-95">{blok.text}</p>}
        <ContentLink
          link={blok.link}
          className={cx(
            'mt-2 inline-flex items-center gap-1 font-semibold underline decoration-2 underline-offset-4 outline-none',
            stretched,
          )}
        >
          {blok.link_label}
          <span aria-hidden="true">→</span>
        </ContentLink>
      </div>
    </article>
  );
}

export function BannerGrid({ blok }: { blok: BannerGridBlok }) {
  return (
    <GridFrame title={blok.title} columns={blok.columns}>
      {blok.banners.map((banner) => (
        <Banner key={banner._uid} blok={banner} />
      ))}
    </GridFrame>
  );
}

/** A card: image or icon, heading, text, optional link. */
export function Card({ blok }: { blok: CardBlok }) {
  return (
    <article className="relative flex h-full flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-gray-200 focus-within:ring-2 focus-within:ring-primary-600 dark:bg-gray-900 dark:ring-gray-700">
      {blok.image && (
        <ContentImage
          asset={blok.image}
          box={BOX.landscape}
          sizes="(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"
          className="aspect-3/2 w-full object-cover"
        />
      )}
      <div className="flex flex-1 flex-col gap-2 p-6">
        <FirstIcon icons={blok.icon} className="mb-1" />
        <Heading className="text-xl text-gray-950 dark:text-white">{blok.title}</Heading>
        <p className="text-gray-700 dark:text-gray-300">{blok.text}</p>
        {blok.link_label && (
          <ContentLink link={blok.link} className={cx(linkClass, 'mt-auto pt-2 outline-none', stretched)}>
            {blok.link_label}
          </ContentLink>
        )}
      </div>
    </article>
  );
}

export function CardGrid({ blok }: { blok: CardGridBlok }) {
  return (
    <GridFrame title={blok.title} intro={blok.intro} columns={blok.columns}>
      {blok.cards.map((card) => (
        <Card key={card._uid} blok={card} />
      ))}
    </GridFrame>
  );
}

/** An image that is a link, with its caption on it. */
export function CardImageLink({ blok }: { blok: CardImageLinkBlok }) {
  return (
    <ContentLink
      link={blok.link}
      className="group relative isolate flex aspect-4/3 h-full w-full flex-col justify-end overflow-hidden rounded-2xl text-white shadow-sm outline-offset-2 focus-visible:outline-2 focus-visible:outline-primary-600"
    >
      <ContentImage
        asset={blok.image}
        alt=""
        box={BOX.fourThree}
        sizes="(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"
        className="absolute inset-0 -z-20 size-full object-cover transition-transform duration-300 group-hover:scale-105 motion-reduce:transition-none"
      />
      <span className="absolute inset-0 -z-10 bg-gradient-to-t from-gray-950/90 via-gray-950/40 to-transparent" />
      <span className="flex flex-col p-5">
        {blok.subtitle && <span className="text-sm font-medium text-gray-100">{blok.subtitle}</span>}
        <span className="text-xl font-bold">{blok.title}</span>
      </span>
    </ContentLink>
  );
}

/** A selling point: icon, heading, text, optional link. */
export function FeatureCard({ blok }: { blok: FeatureCardBlok }) {
  const { t } = useTranslation('content');
  const icon = blok.icon[0];
  return (
    <div className="flex h-full flex-col gap-3 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-gray-200 dark:bg-gray-900 dark:ring-gray-700">
      {icon && (
        <span className="flex size-12 items-center justify-center rounded-xl bg-primary-100 dark:bg-primary-900">
          <Icon blok={icon} plain className="size-6 text-primary-800 dark:text-primary-100" />
        </span>
      )}
      <Heading className="text-lg text-gray-950 dark:text-white">{blok.title}</Heading>
      <p className="text-gray-700 dark:text-gray-300">{blok.text}</p>
      <ContentLink link={blok.link} className={cx(linkClass, 'mt-auto focus-visible:outline-2')}>
        {t('readMore')}
        <span className="sr-only">: {blok.title}</span>
      </ContentLink>
    </div>
  );
}

export function FeatureGrid({ blok }: { blok: FeatureGridBlok }) {
  return (
    <GridFrame title={blok.title} intro={blok.intro} columns={blok.columns}>
      {blok.features.map((feature) => (
        <FeatureCard key={feature._uid} blok={feature} />
      ))}
    </GridFrame>
  );
}

/** A person: photo, name, role, area and how to reach them. */
export function Employee({ blok }: { blok: EmployeeBlok }) {
  const { t } = useTranslation('content');
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-gray-200 dark:bg-gray-900 dark:ring-gray-700">
      <ContentImage
        asset={blok.image}
        box={BOX.square}
        sizes="(min-width: 1024px) 25vw, (min-width: 640px) 50vw, 100vw"
        className="aspect-square w-full object-cover"
      />
      <div className="flex flex-1 flex-col gap-1 p-5">
        <Heading className="text-lg text-gray-950 dark:text-white">{blok.name}</Heading>
        <p className="font-medium text-gray-800 dark:text-gray-200">{blok.role}</p>
        {blok.area && <p className="text-sm text-gray-700 dark:text-gray-300">{blok.area}</p>}
        {blok.text && <p className="mt-2 text-gray-700 dark:text-gray-300">{blok.text}</p>}
        {(blok.email || blok.phone) && (
          <ul className="mt-3 flex flex-col gap-1 text-sm">
            {blok.email && (
              <li>
                <a
                  href={`mailto:${blok.email}`}
                  className={linkClass}
                  aria-label={t('employee.email', { name: blok.name, email: blok.email })}
                >
                  {blok.email}
                </a>
              </li>
            )}
            {blok.phone && (
              <li>
                <a
                  href={`tel:${blok.phone.replace(/[^\d+]/g, '')}`}
                  className={linkClass}
                  aria-label={t('employee.phone', { name: blok.name, phone: blok.phone })}
                >
                  {blok.phone}
                </a>
              </li>
            )}
          </ul>
        )}
      </div>
    </article>
  );
}

export function EmployeesGrid({ blok }: { blok: EmployeesGridBlok }) {
  return (
    <GridFrame title={blok.title} intro={blok.intro} columns={blok.columns || '3'}>
      {blok.employees.map((employee) => (
        <Employee key={employee._uid} blok={employee} />
      ))}
    </GridFrame>
  );
}
