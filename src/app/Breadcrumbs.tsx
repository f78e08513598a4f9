import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';
import { paths } from '../lib/paths';
import { BreadcrumbTrail } from '../ui/BreadcrumbTrail';
import { routeHandle } from './route-handle';

/** Start page › … › this page. Hidden on the start page itself. */
export function Breadcrumbs() {
  const { t } = useTranslation('layout');
  const matches = useMatches();
  const crumbs = matches
    .map((match) => ({ href: match.pathname, label: routeHandle(match.handle).crumb }))
    .filter((crumb): crumb is { href: string; label: string } => !!crumb.label && crumb.href !== paths.home)
    .filter((crumb, index, all) => all.findIndex((c) => c.href === crumb.href) === index);

  if (crumbs.length === 0) return null;
  const items = [{ href: paths.home, label: t('crumbs.home') }, ...crumbs.map((c) => ({ ...c, label: t(c.label) }))];

  return <BreadcrumbTrail items={items} className="mx-auto w-full max-w-6xl px-4 pt-4 sm:px-6" />;
}
