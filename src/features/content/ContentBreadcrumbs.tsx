import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CdnStory } from '../../../contract/content-cdn';
import { storyPath } from '../../../contract/content-constants';
import { ancestorsQuery } from '../../api/queries/content';
import { paths } from '../../lib/paths';
import { BreadcrumbTrail } from '../../ui/BreadcrumbTrail';

/** Startsida › the pages above › this page (SPEC §2: breadcrumbs link to the start page). */
export function ContentBreadcrumbs({ story, current }: { story: CdnStory; current: string }) {
  const { t } = useTranslation('layout');
  const ancestors = useQuery(ancestorsQuery(story.full_slug));
  const here = storyPath(story.full_slug);
  const items = [
    { href: paths.home, label: t('crumbs.home') },
    ...(ancestors.data ?? []).filter((crumb) => crumb.href !== here && crumb.href !== paths.home),
    { href: here, label: current },
  ];
  return <BreadcrumbTrail items={items} className="mx-auto w-full max-w-6xl px-4 pt-4 sm:px-6" />;
}
