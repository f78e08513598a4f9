import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { RichText as RichTextDoc, RichTextMark, RichTextNode } from '../../../../contract/content-fields';
import { storyPath } from '../../../../contract/content-constants';
import { cx } from '../../../ui/cx';
import { Anchor } from '../../../ui/Link';
import { useHeadingLevel } from './heading';
import { BOX, ContentImage } from './media';

type LinkAttrs = { href?: string; linktype?: string; anchor?: string | null; target?: string | null };

/** Where a rich-text link goes: a story's slug as an app path, an e-mail as mailto:, URLs and app paths as they are. */
export function richTextHref(attrs: LinkAttrs): string | null {
  const href = attrs.href?.trim() ?? '';
  const anchor = attrs.anchor ? `#${attrs.anchor}` : '';
  if (!href && !anchor) return null;
  switch (attrs.linktype) {
    case 'story':
      return href ? storyPath(href) + anchor : anchor;
    case 'email':
      return href.startsWith('mailto:') ? href : `mailto:${href}`;
    default:
      return href + anchor;
  }
}

const linkClass =
  'rounded-sm font-medium text-primary-700 underline decoration-primary-700/40 underline-offset-4 hover:decoration-current focus-visible:outline-2 focus-visible:outline-primary-600 dark:text-primary-300 dark:decoration-primary-300/50';

function RichLink({ attrs, children }: { attrs: LinkAttrs; children: ReactNode }) {
  const { t } = useTranslation('content');
  const href = richTextHref(attrs);
  if (!href) return <>{children}</>;
  const blank = attrs.target === '_blank';
  return (
    <Anchor
      href={href}
      target={blank ? '_blank' : undefined}
      rel={blank ? 'noopener noreferrer' : undefined}
      className={linkClass}
    >
      {children}
      {blank && <span className="sr-only"> {t('newTab')}</span>}
    </Anchor>
  );
}

function mark(node: ReactNode, m: RichTextMark, key: number): ReactNode {
  switch (m.type) {
    case 'bold':
      return <strong key={key}>{node}</strong>;
    case 'italic':
      return <em key={key}>{node}</em>;
    case 'underline':
      return <u key={key}>{node}</u>;
    case 'strike':
      return <s key={key}>{node}</s>;
    case 'code':
      return (
        <code key={key} className="rounded bg-gray-100 px-1 py-0.5 font-mono text-[0.9em] dark:bg-gray-800">
          {node}
        </code>
      );
    case 'superscript':
      return <sup key={key}>{node}</sup>;
    case 'subscript':
      return <sub key={key}>{node}</sub>;
    case 'highlight':
      return (
        <mark key={key} className="rounded-sm bg-yellow-200 px-0.5 text-gray-950 dark:bg-yellow-300">
          {node}
        </mark>
      );
    case 'link':
      return (
        <RichLink key={key} attrs={(m.attrs ?? {}) as LinkAttrs}>
          {node}
        </RichLink>
      );
    default:
      return node;
  }
}

function Nodes({ nodes, level }: { nodes: RichTextNode[] | undefined; level: number }) {
  return (
    <>
      {(nodes ?? []).map((node, i) => (
        <Node key={i} node={node} level={level} />
      ))}
    </>
  );
}

const headingClass: Record<number, string> = {
  1: 'text-3xl',
  2: 'text-2xl',
  3: 'text-xl',
  4: 'text-lg',
  5: 'text-base',
  6: 'text-base',
};

function Node({ node, level }: { node: RichTextNode; level: number }): ReactNode {
  const attrs = node.attrs ?? {};
  switch (node.type) {
    case 'text': {
      // Links outermost, so that a bold word in a link stays one link.
      const marks = [...(node.marks ?? [])].sort((a, b) => (a.type === 'link' ? 1 : 0) - (b.type === 'link' ? 1 : 0));
      return marks.reduce<ReactNode>((inner, m, i) => mark(inner, m, i), node.text ?? '');
    }
    case 'paragraph':
      return (
        <p>
          <Nodes nodes={node.content} level={level} />
        </p>
      );
    case 'heading': {
      // Headings in text keep the page's outline: never above the level where the text sits.
      const wanted = typeof attrs.level === 'number' ? attrs.level : level;
      const shown = Math.min(6, Math.max(level, wanted));
      const Tag = `h${shown}` as 'h2';
      return (
        <Tag className={cx('font-bold tracking-tight text-gray-950 dark:text-white', headingClass[shown])}>
          <Nodes nodes={node.content} level={level} />
        </Tag>
      );
    }
    case 'bullet_list':
      return (
        <ul className="list-disc pl-6">
          <Nodes nodes={node.content} level={level} />
        </ul>
      );
    case 'ordered_list': {
      const start = typeof attrs.order === 'number' && attrs.order !== 1 ? attrs.order : undefined;
      return (
        <ol className="list-decimal pl-6" start={start}>
          <Nodes nodes={node.content} level={level} />
        </ol>
      );
    }
    case 'list_item':
      return (
        <li className="pl-1 [&>p]:my-0">
          <Nodes nodes={node.content} level={level} />
        </li>
      );
    case 'blockquote':
      return (
        <blockquote className="border-l-4 border-primary-600 pl-4 text-gray-800 italic dark:border-primary-400 dark:text-gray-200">
          <Nodes nodes={node.content} level={level} />
        </blockquote>
      );
    case 'horizontal_rule':
      return <hr className="border-gray-200 dark:border-gray-700" />;
    case 'hard_break':
      return <br />;
    case 'image': {
      const src = typeof attrs.src === 'string' ? attrs.src : '';
      if (!src) return null;
      return (
        <ContentImage
          asset={{
            filename: src,
            alt: typeof attrs.alt === 'string' ? attrs.alt : '',
            title: typeof attrs.title === 'string' ? attrs.title : null,
            fieldtype: 'asset',
          }}
          box={BOX.landscape}
          sizes="(min-width: 768px) 42rem, 100vw"
          className="h-auto w-full rounded-xl"
        />
      );
    }
    case 'code_block': {
      const language = typeof attrs.class === 'string' ? attrs.class : undefined;
      return (
        <pre className="overflow-x-auto rounded-lg bg-gray-900 p-4 text-sm text-gray-100" tabIndex={0}>
          <code className={language}>
            <Nodes nodes={node.content} level={level} />
          </code>
        </pre>
      );
    }
    default:
      return null;
  }
}

/** Storyblok rich text (every node and mark of the contract); links go through the router. */
export function RichText({ doc, className }: { doc: RichTextDoc | undefined; className?: string }) {
  const level = useHeadingLevel();
  if (!doc || doc.content.length === 0) return null;
  return (
    <div className={cx('content-prose space-y-4 leading-relaxed', className)}>
      {doc.content.map((node, i) => (
        <Fragment key={i}>
          <Node node={node} level={level} />
        </Fragment>
      ))}
    </div>
  );
}
