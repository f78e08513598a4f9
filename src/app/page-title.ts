import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useMatches } from 'react-router';
import { documentTitle, titleFromPath } from '../lib/title';
import { routeHandle } from './route-handle';

/** The page title of the deepest route that names one; else the last path segment in title case. */
export function usePageTitle(): string {
  const { t } = useTranslation();
  const matches = useMatches();
  const { pathname } = useLocation();
  const key = matches
    .map((match) => routeHandle(match.handle).title)
    .filter(Boolean)
    .at(-1);
  return key ? t(key) : titleFromPath(pathname);
}

export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
}
