import { useTranslation } from 'react-i18next';
import { useLoaderData } from 'react-router';
import { useCurrentUser, useIsAuthenticated } from '../../api/session/hooks';
import { ContentPage } from '../../features/content/ContentPage';
import { paths } from '../../lib/paths';
import { Link, LinkButton } from '../../ui/Link';
import type { HomeData } from './home-loader';

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

/** The start page with no network: a heading, what still works, and the welcome. */
function OfflineHome() {
  const { t } = useTranslation('layout');
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-gray-950 sm:text-4xl dark:text-white">
        {t('home.offlineTitle')}
      </h1>
      <p className="max-w-3xl text-lg text-gray-700 dark:text-gray-300">{t('home.offlineText')}</p>
      <Welcome />
    </div>
  );
}

/** The start page: the `home` story from the content service, with the visitor's welcome after its hero. */
export function HomePage() {
  const { offline } = useLoaderData<HomeData>();
  return offline ? <OfflineHome /> : <ContentPage afterFirst={<Welcome />} />;
}
