import { useTranslation } from 'react-i18next';
import { BreadcrumbTrail } from '../../../ui/BreadcrumbTrail';
import type { CategoryRef } from '../../../../contract/catalog';
import { categoryPath, paths } from '../../../lib/paths';

/** Startsida › the product's categories from the top › the product (SPEC §2: breadcrumbs link to the start page). */
export function ProductBreadcrumbs({ categories, name }: { categories: CategoryRef[]; name: string }) {
  const { t } = useTranslation('layout');
  const items = [
    { href: paths.home, label: t('crumbs.home') },
    ...categories.map((category, i) => ({
      href: categoryPath(categories.slice(0, i + 1).map((c) => c.slug)),
      label: category.name,
    })),
    { label: name },
  ];
  return <BreadcrumbTrail items={items} />;
}
