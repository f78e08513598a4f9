import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type {
  ArticleBlockBlok,
  ArticleContentBlok,
  ArticleContentWithImageBlok,
  ImageContentBlok,
  ImageWithTextAndButtonBlok,
  TextImageBlockBlok,
  VideoContentBlok,
} from '../../../../contract/content-bloks';
import { cx } from '../../../ui/cx';
import { ButtonComponent } from './basic';
import { Heading, NestHeadings } from './heading';
import { ContentLink } from './links';
import { BOX, ContentImage, type ImageBox } from './media';
import { Blok } from './blok';
import { RichText } from './RichText';

const prose = 'text-gray-800 dark:text-gray-200';

/** An article: eyebrow, heading and its parts in a reading column. */
export function ArticleBlock({ blok }: { blok: ArticleBlockBlok }) {
  const parts = (
    <div className="flex flex-col gap-8">
      {blok.items.map((item) => (
        <Blok key={item._uid} blok={item} />
      ))}
    </div>
  );
  return (
    <article className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      {(blok.eyebrow || blok.title) && (
        <header className="flex flex-col gap-2">
          {blok.eyebrow && (
            <p className="text-sm font-semibold tracking-wide text-primary-800 uppercase dark:text-primary-200">
              {blok.eyebrow}
            </p>
          )}
          {blok.title && <Heading className="text-3xl text-gray-950 dark:text-white">{blok.title}</Heading>}
        </header>
      )}
      {blok.title ? <NestHeadings>{parts}</NestHeadings> : parts}
    </article>
  );
}

/** A part of an article: optional sub-heading and rich text in a reading column. */
export function ArticleContent({ blok }: { blok: ArticleContentBlok }) {
  return (
    <div className="flex max-w-prose flex-col gap-3">
      {blok.title && <Heading className="text-2xl text-gray-950 dark:text-white">{blok.title}</Heading>}
      {blok.title ? (
        <NestHeadings>
          <RichText doc={blok.text} className={prose} />
        </NestHeadings>
      ) : (
        <RichText doc={blok.text} className={prose} />
      )}
    </div>
  );
}

function Figure({
  image,
  caption,
  box,
  sizes,
  imageClassName,
}: {
  image: ImageContentBlok['image'];
  caption?: string;
  box: ImageBox;
  sizes: string;
  imageClassName?: string;
}) {
  return (
    <figure className="flex flex-col gap-2">
      <ContentImage asset={image} box={box} sizes={sizes} className={cx('w-full rounded-xl', imageClassName)} />
      {caption && <figcaption className="text-sm text-gray-700 dark:text-gray-300">{caption}</figcaption>}
    </figure>
  );
}

/** Text with an image beside it (stacked on phones). */
export function ArticleContentWithImage({ blok }: { blok: ArticleContentWithImageBlok }) {
  return (
    <div
      className={cx(
        'flex flex-col gap-6 md:flex-row md:items-start',
        blok.image_position === 'right' && 'md:flex-row-reverse',
      )}
    >
      <div className="md:w-2/5">
        <Figure
          image={blok.image}
          caption={blok.caption}
          box={BOX.fourThree}
          sizes="(min-width: 768px) 20rem, 100vw"
          imageClassName="aspect-4/3 object-cover"
        />
      </div>
      <div className="flex flex-1 flex-col gap-3">
        {blok.title && <Heading className="text-2xl text-gray-950 dark:text-white">{blok.title}</Heading>}
        <RichText doc={blok.text} className={prose} />
      </div>
    </div>
  );
}

const ratios = {
  auto: { className: 'h-auto', box: BOX.landscape },
  '16:9': { className: 'aspect-video object-cover', box: BOX.wide },
  '4:3': { className: 'aspect-4/3 object-cover', box: BOX.fourThree },
  '3:2': { className: 'aspect-3/2 object-cover', box: BOX.landscape },
  '1:1': { className: 'aspect-square object-cover', box: BOX.square },
} as const;

/** An image with an optional caption and link. */
export function ImageContent({ blok }: { blok: ImageContentBlok }) {
  const ratio = ratios[blok.aspect_ratio || 'auto'];
  const figure = (
    <Figure
      image={blok.image}
      caption={blok.caption}
      box={ratio.box}
      sizes="(min-width: 1024px) 48rem, 100vw"
      imageClassName={ratio.className}
    />
  );
  return blok.link ? (
    <ContentLink
      link={blok.link}
      className="block rounded-xl outline-offset-4 focus-visible:outline-2 focus-visible:outline-primary-600"
      fallback={figure}
    >
      {figure}
    </ContentLink>
  ) : (
    figure
  );
}

function SideBySide({
  image,
  position,
  children,
  className,
}: {
  image: ImageContentBlok['image'];
  position: 'left' | 'right';
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={cx('grid items-center gap-8 md:grid-cols-2', className)}>
      <ContentImage
        asset={image}
        box={BOX.fourThree}
        sizes="(min-width: 768px) 50vw, 100vw"
        className={cx('aspect-4/3 w-full rounded-2xl object-cover', position === 'right' && 'md:order-2')}
      />
      <div className="flex flex-col gap-4">{children}</div>
    </div>
  );
}

/** An image on one side; heading, text and a button on the other. */
export function ImageWithTextAndButton({ blok }: { blok: ImageWithTextAndButtonBlok }) {
  const button = blok.button[0];
  return (
    <SideBySide image={blok.image} position={blok.image_position}>
      <Heading className="text-2xl text-gray-950 sm:text-3xl dark:text-white">{blok.title}</Heading>
      <RichText doc={blok.text} className={prose} />
      {button && (
        <div>
          <ButtonComponent blok={button} />
        </div>
      )}
    </SideBySide>
  );
}

/** Text beside an image, optionally on a muted background. */
export function TextImageBlock({ blok }: { blok: TextImageBlockBlok }) {
  return (
    <SideBySide
      image={blok.image}
      position={blok.image_position}
      className={cx(blok.background === 'muted' && 'rounded-3xl bg-gray-100 p-6 sm:p-10 dark:bg-gray-900')}
    >
      {blok.eyebrow && (
        <p className="text-sm font-semibold tracking-wide text-primary-800 uppercase dark:text-primary-200">
          {blok.eyebrow}
        </p>
      )}
      <Heading className="text-2xl text-gray-950 sm:text-3xl dark:text-white">{blok.title}</Heading>
      <RichText doc={blok.text} className={prose} />
    </SideBySide>
  );
}

/** The embeddable address of a YouTube or Vimeo link (privacy-enhanced YouTube), or null. */
export function embedUrl(url: string): { src: string; host: string } | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  const host = parsed.hostname.replace(/^www\./, '');
  if (host === 'youtu.be' || host.endsWith('youtube.com') || host.endsWith('youtube-nocookie.com')) {
    const id =
      host === 'youtu.be'
        ? parsed.pathname.slice(1)
        : (parsed.searchParams.get('v') ?? parsed.pathname.match(/\/(?:embed|shorts|live)\/([^/?]+)/)?.[1]);
    return id
      ? { src: `https://www.youtube-nocookie.com/embed/${encodeURIComponent(id)}?autoplay=1`, host: 'YouTube' }
      : null;
  }
  if (host === 'vimeo.com' || host === 'player.vimeo.com') {
    const id = parsed.pathname.match(/(\d+)/)?.[1];
    return id ? { src: `https://player.vimeo.com/video/${id}?autoplay=1`, host: 'Vimeo' } : null;
  }
  return null;
}

/**
 * A video: a file with the browser's controls (nothing loads or plays until asked), or a YouTube/Vimeo embed that
 * loads only when its play button is pressed.
 */
export function VideoContent({ blok }: { blok: VideoContentBlok }) {
  const { t } = useTranslation('content');
  const [playing, setPlaying] = useState(false);
  const embed = blok.video_url ? embedUrl(blok.video_url) : null;
  const name = blok.title || blok.caption || t('video.unnamed');

  let player: ReactNode = null;
  if (blok.video) {
    player = (
      <video
        controls
        preload="none"
        playsInline
        poster={blok.poster.filename}
        aria-label={name}
        width={1600}
        height={900}
        className="aspect-video h-auto w-full rounded-xl bg-gray-950"
      >
        <source src={blok.video.filename} />
        <a href={blok.video.filename}>{t('video.download')}</a>
      </video>
    );
  } else if (embed) {
    player = playing ? (
      <iframe
        src={embed.src}
        title={name}
        width={1600}
        height={900}
        allow="autoplay; fullscreen; picture-in-picture; encrypted-media"
        allowFullScreen
        className="aspect-video h-auto w-full rounded-xl border-0"
      />
    ) : (
      <button
        type="button"
        onClick={() => setPlaying(true)}
        className="group relative block aspect-video w-full overflow-hidden rounded-xl outline-offset-4 focus-visible:outline-2 focus-visible:outline-primary-600"
      >
        <ContentImage asset={blok.poster} alt="" box={BOX.wide} className="absolute inset-0 size-full object-cover" />
        <span className="absolute inset-0 flex flex-col items-center justify-center gap-3 bg-gray-950/40 text-white">
          <span className="flex size-16 items-center justify-center rounded-full bg-primary-700 shadow-lg group-hover:bg-primary-800">
            <svg viewBox="0 0 24 24" fill="currentColor" className="ml-1 size-8" aria-hidden="true">
              <path d="M8 5.14v13.72a1 1 0 0 0 1.5.86l11-6.86a1 1 0 0 0 0-1.72l-11-6.86A1 1 0 0 0 8 5.14Z" />
            </svg>
          </span>
          <span className="rounded bg-gray-950/70 px-2 py-1 text-sm font-medium">
            {t('video.play', { name })} <span className="sr-only">{t('video.loadsFrom', { host: embed.host })}</span>
          </span>
        </span>
      </button>
    );
  }
  if (!player) return null;
  return (
    <figure className="flex flex-col gap-3">
      {blok.title && <Heading className="text-2xl text-gray-950 dark:text-white">{blok.title}</Heading>}
      {player}
      {blok.caption && <figcaption className="text-sm text-gray-700 dark:text-gray-300">{blok.caption}</figcaption>}
    </figure>
  );
}
