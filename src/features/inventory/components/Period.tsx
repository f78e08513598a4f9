import { useTranslation } from 'react-i18next';

/** The counting period: "2026-11-01 – 2026-11-30", or what part of it is set. */
export function periodText(
  t: (key: string, options?: Record<string, unknown>) => string,
  from: string | null,
  to: string | null,
): string {
  if (from && to) return t('period', { from, to });
  if (from) return t('periodFrom', { from });
  if (to) return t('periodTo', { to });
  return t('noPeriod');
}

export function Period({ from, to }: { from: string | null; to: string | null }) {
  const { t } = useTranslation('inventory');
  return <>{periodText(t, from, to)}</>;
}
