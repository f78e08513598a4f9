import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Company } from '../../../../contract/customer';
import { Button } from '../../../ui/Button';
import { cx } from '../../../ui/cx';
import { ProgressBar } from '../../../ui/ProgressBar';
import { CompanyOption } from './CompanyOption';

interface CompanyListProps {
  companies: Company[];
  total: number;
  /** 'Visa fler' shows only while there is a next page. */
  hasMore: boolean;
  onShowMore: () => void;
  isLoadingMore?: boolean;
  /** Dimmed while a new search is waiting or loading (SPEC §4). */
  isDimmed?: boolean;
  currentCode: string | null;
  pendingCode: string | undefined;
  onChoose: (company: Company) => void;
}

/** The companies loaded so far, 5 per page, with the progress 'Visar X av Y' and 'Visa fler'. */
export function CompanyList(props: CompanyListProps) {
  const { companies, total, hasMore, onShowMore, isLoadingMore, isDimmed, currentCode, pendingCode, onChoose } = props;
  const { t } = useTranslation('company');
  const firstNewIndex = useRef<number | null>(null);
  const firstNew = useRef<HTMLButtonElement | null>(null);

  // After 'Visa fler', move focus to the first company that was added, so keyboard users carry on from there.
  useEffect(() => {
    if (firstNewIndex.current !== null && companies.length > firstNewIndex.current) {
      firstNew.current?.focus();
      firstNewIndex.current = null;
    }
  }, [companies.length]);

  if (companies.length === 0) {
    return (
      <p role="status" className={cx('py-6 text-center text-gray-700 dark:text-gray-300', isDimmed && 'opacity-50')}>
        {t('switcher.empty')}
      </p>
    );
  }

  const showing = t('switcher.showing', { count: companies.length, total });

  return (
    <div className="flex flex-col gap-4">
      <ul
        aria-label={t('switcher.listLabel')}
        aria-busy={isDimmed || undefined}
        className={cx('flex flex-col gap-2 transition-opacity', isDimmed && 'pointer-events-none opacity-50')}
      >
        {companies.map((company, index) => (
          <CompanyOption
            key={company.code}
            company={company}
            isCurrent={company.code === currentCode}
            isPending={company.code === pendingCode}
            isBusy={pendingCode !== undefined}
            onChoose={onChoose}
            buttonRef={index === firstNewIndex.current ? firstNew : undefined}
          />
        ))}
      </ul>
      <ProgressBar label={t('switcher.progressLabel')} value={companies.length} maxValue={total} valueLabel={showing} />
      <p role="status" className="sr-only">
        {isDimmed ? '' : showing}
      </p>
      {hasMore && (
        <Button
          variant="secondary"
          className="self-center"
          isPending={isLoadingMore}
          onPress={() => {
            firstNewIndex.current = companies.length;
            onShowMore();
          }}
        >
          {t('switcher.showMore')}
        </Button>
      )}
    </div>
  );
}
