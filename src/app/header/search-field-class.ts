/**
 * The header's search field, shared by InstantSearch and its stand-in (deferred.tsx): the stand-in must not move
 * anything when the real one replaces it.
 */
export const headerSearchFieldClass =
  'block min-h-10 w-full rounded-full sm:min-h-11 border border-gray-300 bg-gray-50 py-2 pr-4 pl-10 text-base text-gray-900 placeholder:text-gray-600 focus:border-primary-600 focus:bg-white focus:outline-2 focus:outline-primary-600/40 dark:border-gray-600 dark:bg-gray-800 dark:text-gray-50 dark:placeholder:text-gray-400 dark:focus:bg-gray-900 [&::-webkit-search-cancel-button]:hidden';
