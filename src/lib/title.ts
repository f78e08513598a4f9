export const SITE_NAME = 'Skafferi';

/** SPEC §2: the title falls back to the last path segment in title case ('/profil/populara-artiklar' → 'Populara Artiklar'). */
export function titleFromPath(pathname: string): string {
  const segments = pathname.split('/').filter(Boolean);
  const last = segments.at(-1);
  if (!last) return '';
  let decoded = last;
  try {
    decoded = decodeURIComponent(last);
  } catch {
    // keep the raw segment
  }
  return decoded
    .split(/[-_\s]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toLocaleUpperCase('sv-SE') + word.slice(1).toLocaleLowerCase('sv-SE'))
    .join(' ');
}

/** 'Mina sidor' → 'Mina sidor | Skafferi'; '' → 'Skafferi'. */
export function documentTitle(pageTitle: string): string {
  return pageTitle ? `${pageTitle} | ${SITE_NAME}` : SITE_NAME;
}
