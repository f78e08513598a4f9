import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Anchor, type LinkProps } from '../../../ui/Link';
import type { Multilink } from '../../../../contract/content-fields';
import { linkHref } from '../../../../contract/content-constants';

/** Where a multilink goes and how: app paths navigate in the app; `_blank` opens a new tab (and says so). */
export function linkProps(link: Multilink | undefined): { href: string; target?: string; rel?: string } | null {
  const href = linkHref(link);
  if (!href) return null;
  return link?.target === '_blank' ? { href, target: '_blank', rel: 'noopener noreferrer' } : { href };
}

export interface ContentLinkProps extends Omit<LinkProps, 'href' | 'children' | 'className'> {
  link: Multilink | undefined;
  children: ReactNode;
  className?: string;
  /** Rendered when the link is empty (else nothing). */
  fallback?: ReactNode;
}

/** A multilink as a native link (router navigation for app paths; mailto: and absolute URLs as plain anchors). */
export function ContentLink({ link, children, className, fallback = null, ...rest }: ContentLinkProps) {
  const { t } = useTranslation('content');
  const props = linkProps(link);
  if (!props) return <>{fallback}</>;
  return (
    <Anchor {...rest} {...props} className={className}>
      {children}
      {props.target === '_blank' && <span className="sr-only"> {t('newTab')}</span>}
    </Anchor>
  );
}
