import { createContext, useContext, type ReactNode } from 'react';
import { cx } from '../../../ui/cx';

type Level = 1 | 2 | 3 | 4 | 5 | 6;

/** The level the next heading of a block gets: 2 under the page's h1, one deeper inside a titled container. */
const HeadingLevel = createContext<Level>(2);

export function useHeadingLevel(): Level {
  return useContext(HeadingLevel);
}

/** Children's headings one level below `level` (or the current one): a titled section or grid wraps its items. */
export function NestHeadings({ below, children }: { below?: Level; children: ReactNode }) {
  const current = useContext(HeadingLevel);
  const next = Math.min(6, (below ?? current) + 1) as Level;
  return <HeadingLevel.Provider value={next}>{children}</HeadingLevel.Provider>;
}

/** Sets the level explicitly (the page root: 1 for its first heading). */
export function HeadingLevelProvider({ level, children }: { level: Level; children: ReactNode }) {
  return <HeadingLevel.Provider value={level}>{children}</HeadingLevel.Provider>;
}

/** A heading at the current level (or `level`); `id` for aria-labelledby. */
export function Heading({
  children,
  className,
  id,
  level,
}: {
  children: ReactNode;
  className?: string;
  id?: string;
  level?: Level;
}) {
  const current = useContext(HeadingLevel);
  const Tag = `h${level ?? current}` as const;
  return (
    <Tag id={id} className={cx('font-bold tracking-tight text-balance', className)}>
      {children}
    </Tag>
  );
}

/** A titled container: its title at the current level, its items one below. */
export function Titled({
  title,
  titleClassName,
  titleId,
  children,
}: {
  title?: string;
  titleClassName?: string;
  titleId?: string;
  children: ReactNode;
}) {
  const level = useHeadingLevel();
  if (!title) return <>{children}</>;
  return (
    <>
      <Heading id={titleId} className={titleClassName ?? 'text-2xl text-gray-950 sm:text-3xl dark:text-white'}>
        {title}
      </Heading>
      <NestHeadings below={level}>{children}</NestHeadings>
    </>
  );
}
