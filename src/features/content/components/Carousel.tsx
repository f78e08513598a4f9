import { Children, useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from '../../../ui/cx';
import { Heading, NestHeadings, useHeadingLevel } from './heading';

const perView: Record<'1' | '2' | '3' | '4', string> = {
  '1': 'basis-full',
  '2': 'basis-[85%] sm:basis-[calc((100%-1rem)/2)]',
  '3': 'basis-[85%] sm:basis-[calc((100%-1rem)/2)] lg:basis-[calc((100%-2rem)/3)]',
  '4': 'basis-[70%] sm:basis-[calc((100%-1rem)/2)] md:basis-[calc((100%-2rem)/3)] lg:basis-[calc((100%-3rem)/4)]',
};

const arrow = {
  previous:
    'M12.79 5.23a.75.75 0 0 1-.02 1.06L8.832 10l3.938 3.71a.75.75 0 1 1-1.04 1.08l-4.5-4.25a.75.75 0 0 1 0-1.08l4.5-4.25a.75.75 0 0 1 1.06.02Z',
  next: 'M7.21 14.77a.75.75 0 0 1 .02-1.06L11.168 10 7.23 6.29a.75.75 0 1 1 1.04-1.08l4.5 4.25a.75.75 0 0 1 0 1.08l-4.5 4.25a.75.75 0 0 1-1.06-.02Z',
};

export interface CarouselProps {
  title?: string;
  /** Accessible name when there is no visible title. */
  label?: string;
  slidesPerView?: '1' | '2' | '3' | '4';
  /** A link beside the title ("Visa fler"). */
  action?: ReactNode;
  /** Under the title, above the slides (filter chips). */
  toolbar?: ReactNode;
  children: ReactNode;
  className?: string;
}

/**
 * A carousel: a labelled region with a list that scrolls sideways (scroll snap; swipe, trackpad or the keyboard's
 * Tab through its links), and previous/next buttons that page by one view. It never moves on its own.
 */
export function Carousel({ title, label, slidesPerView = '3', action, toolbar, children, className }: CarouselProps) {
  const { t } = useTranslation('content');
  const titleId = useId();
  const listId = useId();
  const level = useHeadingLevel();
  const scroller = useRef<HTMLUListElement>(null);
  const [edges, setEdges] = useState({ start: true, end: true });
  const slides = Children.toArray(children);

  const update = useCallback(() => {
    const el = scroller.current;
    if (!el) return;
    const max = el.scrollWidth - el.clientWidth;
    // A few pixels of slack: snapping and the list's padding leave the ends a little off 0 and max.
    setEdges({ start: el.scrollLeft <= 8, end: el.scrollLeft >= max - 8 });
  }, []);

  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    update();
    el.addEventListener('scroll', update, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    observer?.observe(el);
    return () => {
      el.removeEventListener('scroll', update);
      observer?.disconnect();
    };
  }, [update, slides.length]);

  const page = (direction: 1 | -1) => {
    const el = scroller.current;
    if (!el) return;
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    el.scrollBy({ left: direction * el.clientWidth * 0.9, behavior: reduce ? 'auto' : 'smooth' });
  };

  const buttonClass =
    'inline-flex size-11 items-center justify-center rounded-full border border-gray-300 bg-white text-gray-900 shadow-sm outline-offset-2 disabled:cursor-not-allowed disabled:opacity-40 focus-visible:outline-2 focus-visible:outline-primary-600 hover:bg-gray-100 dark:border-gray-600 dark:bg-gray-900 dark:text-gray-100 dark:hover:bg-gray-800';

  return (
    <section
      aria-labelledby={title ? titleId : undefined}
      aria-label={title ? undefined : label}
      aria-roledescription={t('carousel.roledescription')}
      className={cx('w-full', className)}
    >
      <div className="flex flex-wrap items-end justify-between gap-x-4 gap-y-2">
        {title ? (
          <Heading id={titleId} className="text-2xl text-gray-950 dark:text-white">
            {title}
          </Heading>
        ) : (
          <span />
        )}
        <div className="flex items-center gap-3">
          {action}
          <div className="flex gap-2">
            <button
              type="button"
              className={buttonClass}
              aria-label={t('carousel.previous')}
              aria-controls={listId}
              disabled={edges.start}
              onClick={() => page(-1)}
            >
              <svg viewBox="0 0 20 20" fill="currentColor" className="size-5" aria-hidden="true">
                <path fillRule="evenodd" d={arrow.previous} clipRule="evenodd" />
              </svg>
            </button>
            <button
              type="button"
              className={buttonClass}
              aria-label={t('carousel.next')}
              aria-controls={listId}
              disabled={edges.end}
              onClick={() => page(1)}
            >
              <svg viewBox="0 0 20 20" fill="currentColor" className="size-5" aria-hidden="true">
                <path fillRule="evenodd" d={arrow.next} clipRule="evenodd" />
              </svg>
            </button>
          </div>
        </div>
      </div>
      {toolbar}
      <NestHeadings below={title ? level : (Math.max(1, level - 1) as typeof level)}>
        <ul
          id={listId}
          ref={scroller}
          className="-mx-1 mt-4 flex snap-x snap-mandatory scroll-px-1 gap-4 overflow-x-auto scroll-smooth px-1 pb-4 [scrollbar-width:thin] motion-reduce:scroll-auto"
        >
          {slides.map((slide, index) => (
            <li
              key={index}
              aria-roledescription={t('carousel.slide')}
              aria-label={t('carousel.slideLabel', { index: index + 1, count: slides.length })}
              className={cx('flex shrink-0 snap-start', perView[slidesPerView])}
            >
              <div className="w-full">{slide}</div>
            </li>
          ))}
        </ul>
      </NestHeadings>
    </section>
  );
}
