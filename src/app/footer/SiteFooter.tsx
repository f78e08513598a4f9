import { useTranslation } from 'react-i18next';
import { useIsAuthenticated } from '../../api/session/hooks';
import { config } from '../../lib/config';
import { openConsentSettings } from '../../lib/consent';
import { paths } from '../../lib/paths';
import { Link } from '../../ui/Link';
import { ColourModeSwitch } from './ColourModeSwitch';

export function SiteFooter() {
  const { t } = useTranslation('layout');
  const { t: tConsent } = useTranslation('consent');
  const authenticated = useIsAuthenticated();
  const email = config().customerServiceEmail;
  const links = authenticated
    ? [
        { href: paths.home, label: t('crumbs.home') },
        { href: paths.profile, label: t('crumbs.profile') },
        { href: paths.orders, label: t('footer.orders') },
        { href: paths.purchaseLists, label: t('footer.purchaseLists') },
        { href: paths.inventory, label: t('footer.inventory') },
      ]
    : [
        { href: paths.home, label: t('crumbs.home') },
        { href: paths.login, label: t('crumbs.login') },
        { href: paths.forgotPassword, label: t('crumbs.forgotPassword') },
      ];

  return (
    <footer className="mt-16 border-t border-gray-200 bg-white dark:border-gray-800 dark:bg-gray-900">
      <div className="mx-auto grid w-full max-w-6xl gap-10 px-4 py-10 sm:px-6 md:grid-cols-3">
        <section aria-labelledby="footer-customer-service">
          <h2 id="footer-customer-service" className="font-bold text-gray-950 dark:text-white">
            {t('footer.customerService')}
          </h2>
          <p className="mt-2 text-sm text-gray-700 dark:text-gray-300">{t('footer.customerServiceText')}</p>
          <p className="mt-3">
            <Link href={`mailto:${email}`}>{email}</Link>
          </p>
        </section>
        <nav aria-labelledby="footer-links">
          <h2 id="footer-links" className="font-bold text-gray-950 dark:text-white">
            {t('footer.links')}
          </h2>
          <ul className="mt-2 flex flex-col gap-1">
            {links.map((link) => (
              <li key={link.href}>
                <Link href={link.href} className="inline-block py-1 no-underline hover:underline">
                  {link.label}
                </Link>
              </li>
            ))}
            <li>
              <button
                type="button"
                onClick={openConsentSettings}
                className="inline-block rounded-sm py-1 text-left font-medium text-primary-700 hover:underline focus-visible:outline-2 focus-visible:outline-primary-600 dark:text-primary-300"
              >
                {tConsent('footerLink')}
              </button>
            </li>
          </ul>
        </nav>
        <ColourModeSwitch />
      </div>
      <div className="border-t border-gray-200 dark:border-gray-800">
        <p className="mx-auto w-full max-w-6xl px-4 py-5 text-sm text-gray-600 sm:px-6 dark:text-gray-400">
          {t('footer.copyright', { year: new Date().getFullYear() })}
        </p>
      </div>
    </footer>
  );
}
