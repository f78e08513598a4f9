import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useRouteError } from 'react-router';
import { config } from '../../lib/config';
import { paths } from '../../lib/paths';
import { Link } from '../../ui/Link';
import { LinkedText } from '../../ui/LinkedText';
import { PlainButton } from '../../ui/PlainButton';
import { Wordmark } from '../header/Wordmark';
import { useDocumentTitle } from '../page-title';
import { SkipLink } from '../SkipLink';
import { errorDetails } from './error-details';
import { LazyToasts } from './LazyToasts';

/**
 * The full-page error screen (SPEC §2): 'Oopsie!', the status text, the status code, help, and the way home. When the
 * server could not be reached there is no status code of the server's to show: the screen says so, names what works
 * without a connection, and offers to try again (decision 0085).
 */
export function ErrorLayout() {
  const error = useRouteError();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { t } = useTranslation('layout');
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { status, code, path, offline } = errorDetails(error);
  const statusText = t(`errorStatus.${code}`, { defaultValue: t('errorStatus.Unknown') });
  const email = config().customerServiceEmail;

  useDocumentTitle(
    offline
      ? t('errorPage.titleOffline')
      : status === 404
        ? t('errorPage.titleNotFound')
        : t('errorPage.titleServerError', { status }),
  );
  useEffect(() => {
    headingRef.current?.focus();
  }, [pathname]);
  useEffect(() => {
    if (status >= 500) console.error(error);
  }, [error, status]);

  return (
    <>
      <SkipLink />
      <header className="border-b border-gray-200 bg-white dark:border-gray-800 dark:bg-gray-900">
        <div className="mx-auto flex h-16 w-full max-w-6xl items-center px-4 sm:px-6">
          <Wordmark />
        </div>
      </header>
      <main id="main" tabIndex={-1} className="flex flex-1 items-center justify-center px-4 py-16 outline-none">
        <div className="w-full max-w-lg text-center">
          {!offline && (
            <p className="text-7xl font-black tracking-tight text-primary-700 dark:text-primary-300" aria-hidden="true">
              {status}
            </p>
          )}
          <h1
            ref={headingRef}
            tabIndex={-1}
            className="mt-4 text-4xl font-bold tracking-tight text-gray-950 dark:text-white"
          >
            {t('errorPage.heading')}
          </h1>
          <p className="mt-3 text-xl font-semibold text-gray-800 dark:text-gray-100" data-testid="error-status-text">
            {statusText}
          </p>
          <p className="mt-3 text-gray-700 dark:text-gray-300">
            {offline ? t('errorPage.offlineMessage') : t('errorPage.message', { status })}
          </p>
          {status === 404 && path && (
            <p className="mt-2 font-mono text-sm break-all text-gray-700 dark:text-gray-300">
              {t('errorPage.notFound', { path })}
            </p>
          )}
          <p className="mt-6 text-gray-700 dark:text-gray-300">
            <LinkedText
              text={t('errorPage.contact', { email })}
              link={(inner) => <Link href={`mailto:${email}`}>{inner}</Link>}
            />
          </p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            {offline && (
              // The page loaded again, as a reload would: what failed (a loader, or a read of the page's own) is asked anew.
              <PlainButton size="lg" onClick={() => window.location.reload()}>
                {t('errorPage.retry')}
              </PlainButton>
            )}
            <PlainButton
              size="lg"
              variant={offline ? 'secondary' : 'primary'}
              onClick={() => void navigate(paths.home, { replace: true })}
            >
              {t('errorPage.back')}
            </PlainButton>
          </div>
        </div>
      </main>
      <LazyToasts />
    </>
  );
}
