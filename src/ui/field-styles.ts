export const labelClass = 'block text-sm font-semibold text-gray-800 dark:text-gray-100';

export const inputClass =
  'block w-full min-h-11 rounded-lg border border-gray-400 bg-white px-3 py-2 text-base text-gray-900 shadow-xs ' +
  'placeholder:text-gray-500 transition-colors ' +
  'focus:border-primary-600 focus:outline-2 focus:outline-offset-0 focus:outline-primary-600/40 ' +
  'data-invalid:border-red-700 dark:data-invalid:border-red-400 ' +
  'dark:border-gray-500 dark:bg-gray-900 dark:text-gray-50 dark:placeholder:text-gray-400 ' +
  'dark:focus:border-primary-400 dark:focus:outline-primary-400/40 disabled:opacity-60';

export const errorTextClass = 'flex items-start gap-1.5 text-sm font-medium text-red-700 dark:text-red-300';
export const descriptionClass = 'text-sm text-gray-600 dark:text-gray-300';
