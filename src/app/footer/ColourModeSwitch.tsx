import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { COLOUR_MODES, type ColourMode } from '../../lib/colour-mode';
import { useColourMode } from '../../lib/use-colour-mode';

const icons: Record<ColourMode, string> = {
  system:
    'M3 4.5A1.5 1.5 0 0 1 4.5 3h11A1.5 1.5 0 0 1 17 4.5v8a1.5 1.5 0 0 1-1.5 1.5H12l.5 2h1.25a.75.75 0 0 1 0 1.5h-7.5a.75.75 0 0 1 0-1.5H7.5l.5-2H4.5A1.5 1.5 0 0 1 3 12.5v-8Zm1.5 0v8h11v-8h-11Z',
  light:
    'M10 2a.75.75 0 0 1 .75.75v1.5a.75.75 0 0 1-1.5 0v-1.5A.75.75 0 0 1 10 2Zm0 4a4 4 0 1 0 0 8 4 4 0 0 0 0-8Zm0 9.75a.75.75 0 0 1 .75.75v1.5a.75.75 0 0 1-1.5 0v-1.5a.75.75 0 0 1 .75-.75ZM2 10a.75.75 0 0 1 .75-.75h1.5a.75.75 0 0 1 0 1.5h-1.5A.75.75 0 0 1 2 10Zm13 0a.75.75 0 0 1 .75-.75h1.5a.75.75 0 0 1 0 1.5h-1.5A.75.75 0 0 1 15 10Z',
  dark: 'M7.46 2.2a.75.75 0 0 1 .2.78 6.5 6.5 0 0 0 8.36 8.36.75.75 0 0 1 .98.98A8 8 0 1 1 6.68 2.01a.75.75 0 0 1 .78.2Z',
};

/**
 * System, light or dark (SPEC §1), stored locally. Native radio buttons in a fieldset: the footer is on every page, and
 * React Aria's radio group would put its code into every first load (docs/decisions/0021). The inputs are visually
 * hidden; the labels are the buttons (arrow keys move between them, as in any radio group).
 */
export function ColourModeSwitch() {
  const { t } = useTranslation('layout');
  const [mode, setMode] = useColourMode();
  const name = useId();
  return (
    <fieldset className="flex min-w-0 flex-col gap-2">
      <legend className="mb-2 text-sm font-semibold text-gray-900 dark:text-gray-100">{t('footer.colourMode')}</legend>
      <div className="inline-flex w-fit rounded-lg border border-gray-300 bg-white p-1 dark:border-gray-600 dark:bg-gray-900">
        {COLOUR_MODES.map((value) => (
          <label
            key={value}
            className="flex min-h-9 cursor-pointer items-center gap-1.5 rounded-md px-3 text-sm font-medium text-gray-800 hover:bg-gray-100 has-checked:bg-primary-700 has-checked:text-white has-focus-visible:outline-2 has-focus-visible:outline-offset-1 has-focus-visible:outline-primary-600 dark:text-gray-200 dark:hover:bg-gray-800 dark:has-checked:bg-primary-300 dark:has-checked:text-gray-950 dark:has-focus-visible:outline-primary-300"
          >
            <input
              type="radio"
              name={name}
              value={value}
              checked={mode === value}
              onChange={() => setMode(value)}
              className="sr-only"
            />
            <svg viewBox="0 0 20 20" fill="currentColor" className="size-4" aria-hidden="true">
              <path fillRule="evenodd" clipRule="evenodd" d={icons[value]} />
            </svg>
            {t(`common:colourMode.${value}`)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
