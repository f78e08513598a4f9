import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Company } from '../../../../contract/customer';
import { allCompaniesQuery, type CompanySearch } from '../../../api/queries/companies';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { Checkbox } from '../../../ui/Checkbox';
import { SearchField } from '../../../ui/SearchField';
import { Spinner } from '../../../ui/Spinner';
import { CompanyList } from './CompanyList';
import { LoadError } from './LoadError';

/** SPEC §9: search text is debounced like form input. */
const SEARCH_DEBOUNCE_MS = 300;

interface StaffCompanySearchProps {
  currentCode: string | null;
  pendingCode: string | undefined;
  onChoose: (company: Company) => void;
}

/**
 * Staff ({product}Administrator) search every company. SPEC §4: a new search text (debounced), Enter or the
 * search button start again at page 1; 'Inkludera inaktiva' starts again with an empty list; the list is
 * dimmed while a search waits or loads.
 */
export function StaffCompanySearch({ currentCode, pendingCode, onChoose }: StaffCompanySearchProps) {
  const { t } = useTranslation('company');
  const [text, setText] = useState('');
  const [search, setSearch] = useState<CompanySearch>({ searchString: '', withInactive: false, attempt: 0 });
  const debouncedText = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);

  const startSearch = (next: Partial<CompanySearch>) =>
    setSearch((previous) => ({ ...previous, ...next, attempt: previous.attempt + 1 }));

  useEffect(() => {
    setSearch((previous) =>
      previous.searchString === debouncedText
        ? previous
        : { ...previous, searchString: debouncedText, attempt: previous.attempt + 1 },
    );
  }, [debouncedText]);

  const query = useInfiniteQuery({
    ...allCompaniesQuery(search),
    // A new search keeps the old list, dimmed, until it answers; toggling inactive empties the list.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1].withInactive === search.withInactive ? previous : undefined,
  });

  const pages = query.data?.pages ?? [];
  const companies = pages.flatMap((page) => page.data);
  const total = pages.at(-1)?.totalRecords ?? 0;
  const waiting = text.trim() !== search.searchString.trim();
  const loadingFirstPage = query.isPlaceholderData || (query.isFetching && !query.isFetchingNextPage);

  return (
    <div className="flex flex-col gap-4">
      <SearchField
        label={t('switcher.searchLabel')}
        placeholder={t('switcher.searchPlaceholder')}
        submitLabel={t('switcher.searchButton')}
        value={text}
        onChange={setText}
        onSubmit={(value) => startSearch({ searchString: value })}
      />
      <Checkbox isSelected={search.withInactive} onChange={(withInactive) => startSearch({ withInactive })}>
        {t('switcher.includeInactive')}
      </Checkbox>

      {query.isError && !query.data ? (
        <LoadError error={query.error} onRetry={() => void query.refetch()} />
      ) : query.isPending ? (
        <div className="flex justify-center py-8">
          <Spinner label={t('switcher.loading')} className="size-6 text-primary-700 dark:text-primary-300" />
        </div>
      ) : (
        <CompanyList
          companies={companies}
          total={total}
          hasMore={!query.isPlaceholderData && query.hasNextPage}
          onShowMore={() => void query.fetchNextPage()}
          isLoadingMore={query.isFetchingNextPage}
          isDimmed={waiting || loadingFirstPage}
          currentCode={currentCode}
          pendingCode={pendingCode}
          onChoose={onChoose}
        />
      )}
    </div>
  );
}
