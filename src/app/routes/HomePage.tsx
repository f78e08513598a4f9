import type { QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useCurrentUser, useIsAuthenticated } from '../../api/session/hooks';
import { ContentPage, contentLoader } from '../../features/content/ContentPage';
import { paths } from '../../lib/paths';
import { Link, LinkButton } from '../../ui/Link';

/** The start page's loader: the content story `home`. */
export const homeLoader = (queryClient: QueryClient) => contentLoader(queryClient, 'home');

/**
 * What the start page adds to its story for the visitor: a greeting and the way to Mina sidor once logged in, the way
 * to log in before (the story is the same for everyone).
 */
function Welcome() {
  const { t } = useTranslation('layout');
  const authenticated = useIsAuthenticated();
  const { data: user } = useCurrentUser();
  return (
    <section aria-label={t('home.title')} className="mx-auto w-full max-w-6xl px-4 sm:px-6">
      <div className="flex flex-col gap-4 rounded-2xl bg-primary-50 p-6 sm:flex-row sm:items-center sm:justify-between dark:bg-primary-950/60">
        <p className="text-lg text-gray-900 dark:text-gray-100">
          {user ? <strong>{t('home.greeting', { name: user.firstName })}</strong> : t('home.lead')}
        </p>
        <div className="flex shrink-0 flex-wrap items-center gap-4">
          {authenticated ? (
            <LinkButton href={paths.profile}>{t('home.profile')}</LinkButton>
          ) : (
            <>
              <LinkButton href={paths.login}>{t('home.login')}</LinkButton>
              <Link href={paths.forgotPassword}>{t('home.forgotPassword')}</Link>
            </>
          )}
        </div>
      </div>
    </section>
  );
}

/** The start page: the `home` story from the content service, with the visitor's welcome after its hero. */
export function HomePage() {
  return <ContentPage afterFirst={<Welcome />} />;
}
