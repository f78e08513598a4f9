import { useCallback, useMemo } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import type { ProductSort } from '../../../contract/search';
import { parseListingState, serializeListingState, type ListingState } from './listing-url-state';

/**
 * The listing's state from the URL, and a setter that writes it back. Each change is a history entry (back undoes a
 * filter) unless `replace` is asked for; the page does not scroll to the top.
 */
export function useListingUrlState(defaultSort: ProductSort) {
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const key = params.toString();
  const defaults = useMemo(() => ({ sort: defaultSort }), [defaultSort]);
  const state = useMemo(() => parseListingState(new URLSearchParams(key), defaults), [key, defaults]);
  const setState = useCallback(
    (next: ListingState, options: { replace?: boolean } = {}) => {
      setParams((current) => serializeListingState(next, defaults, current), {
        replace: options.replace ?? false,
        preventScrollReset: true,
      });
    },
    [setParams, defaults],
  );
  /** The URL of another state: paging links work without script and open in a new tab. */
  const hrefOf = useCallback(
    (next: ListingState) => {
      const search = serializeListingState(next, defaults, new URLSearchParams(key)).toString();
      return search ? `${pathname}?${search}` : pathname;
    },
    [key, defaults, pathname],
  );
  return { state, setState, hrefOf };
}
