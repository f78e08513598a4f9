import type {
  BasicContentBlok,
  ButtonComponentBlok,
  IconBlok,
  LinkContentBlok,
  TextContentBlok,
} from '../../../../contract/content-bloks';
import { buttonClass } from '../../../ui/button-styles';
import { cx } from '../../../ui/cx';
import { linkClass } from '../../../ui/Link';
import { Heading } from './heading';
import { FirstIcon, Icon } from './Icon';
import { ContentLink } from './links';
import { RichText } from './RichText';

const outline =
  'inline-flex items-center justify-center rounded-lg font-semibold no-underline transition-colors select-none border-2 border-primary-700 text-primary-800 hover:bg-primary-50 outline-offset-2 focus-visible:outline-2 focus-visible:outline-primary-600 dark:border-primary-300 dark:text-primary-200 dark:hover:bg-primary-950';
const outlineSizes = {
  sm: 'min-h-9 px-3 text-sm gap-1.5',
  md: 'min-h-11 px-4 text-base gap-2',
  lg: 'min-h-12 px-6 text-base gap-2',
};
const sizeOf = { small: 'sm', medium: 'md', large: 'lg' } as const;

/** A link styled as a button: primary by default, medium, icon at the end. */
export function ButtonComponent({ blok, className }: { blok: ButtonComponentBlok; className?: string }) {
  const size = sizeOf[blok.size || 'medium'];
  const variant = blok.variant || 'primary';
  const classes =
    variant === 'outline'
      ? cx(outline, outlineSizes[size], className)
      : variant === 'text'
        ? cx(linkClass, 'inline-flex items-center gap-1.5 focus-visible:outline-2', className)
        : buttonClass(variant, size, className);
  const icon = blok.icon?.[0];
  const start = icon && blok.icon_position === 'start';
  return (
    <ContentLink link={blok.link} className={classes}>
      {start && <Icon blok={icon} plain className="size-5" />}
      {blok.label}
      {icon && !start && <Icon blok={icon} plain className="size-5" />}
    </ContentLink>
  );
}

export function Buttons({ buttons, className }: { buttons: ButtonComponentBlok[] | undefined; className?: string }) {
  if (!buttons || buttons.length === 0) return null;
  return (
    <div className={cx('flex flex-wrap items-center gap-3', className)}>
      {buttons.map((button) => (
        <ButtonComponent key={button._uid} blok={button} />
      ))}
    </div>
  );
}

/** A text link with an optional description and icon. */
export function LinkContent({ blok }: { blok: LinkContentBlok }) {
  return (
    <div className="flex items-start gap-3">
      <FirstIcon icons={blok.icon} className="mt-0.5" />
      <div>
        <ContentLink link={blok.link} className={cx(linkClass, 'text-lg focus-visible:outline-2')}>
          {blok.label}
          <span aria-hidden="true"> →</span>
        </ContentLink>
        {blok.description && <p className="mt-1 text-gray-700 dark:text-gray-300">{blok.description}</p>}
      </div>
    </div>
  );
}

/** Rich text on its own. */
export function TextContent({ blok }: { blok: TextContentBlok }) {
  return (
    <RichText
      doc={blok.text}
      className={cx('max-w-prose text-gray-800 dark:text-gray-200', blok.align === 'center' && 'mx-auto text-center')}
    />
  );
}

/** Heading, text, optional icon and buttons. */
export function BasicContent({ blok }: { blok: BasicContentBlok }) {
  return (
    <div className="flex max-w-prose flex-col gap-4">
      <div className="flex items-center gap-3">
        <FirstIcon icons={blok.icon} />
        <Heading className="text-2xl text-gray-950 dark:text-white">{blok.title}</Heading>
      </div>
      <RichText doc={blok.text} className="text-gray-800 dark:text-gray-200" />
      <Buttons buttons={blok.buttons} />
    </div>
  );
}

/** An icon as a block of its own. */
export function IconBlock({ blok }: { blok: IconBlok }) {
  return <Icon blok={blok} />;
}
