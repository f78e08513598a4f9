import { useTranslation } from 'react-i18next';

export function SkipLink() {
  const { t } = useTranslation('layout');
  return (
    <a
      href="#main"
      className="sr-only z-50 rounded-lg bg-primary-700 font-semibold text-white focus:not-sr-only focus:fixed focus:px-4 focus:py-3 focus:top-3 focus:left-3 focus:outline-2 focus:outline-offset-2 focus:outline-primary-700"
    >
      {t('skipLink')}
    </a>
  );
}
