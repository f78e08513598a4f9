import { useTranslation } from 'react-i18next';
import { PASSWORD_RULES } from '../../contract/password';
import { translateMessageKey } from '../lib/message-keys';
import { cx } from './cx';

/** SPEC §5 password rules, checked live as the user types (reset, activation and settings pages). */
export function PasswordRules({ id, password }: { id: string; password: string }) {
  const { t } = useTranslation('validation');
  return (
    <div id={id} className="rounded-lg bg-gray-50 px-4 py-3 dark:bg-gray-800/60">
      <p className="text-sm font-semibold text-gray-800 dark:text-gray-100">{t('passwordRules.heading')}</p>
      <ul className="mt-2 flex flex-col gap-1 text-sm">
        {PASSWORD_RULES.map((rule) => {
          const met = rule.test(password);
          return (
            <li
              key={rule.key}
              data-met={met}
              className={cx(
                'flex items-center gap-2',
                met ? 'text-green-800 dark:text-green-300' : 'text-gray-700 dark:text-gray-300',
              )}
            >
              <svg viewBox="0 0 20 20" className="size-4 shrink-0" fill="currentColor" aria-hidden="true">
                {met ? (
                  <path d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.58l7.3-7.3a1 1 0 0 1 1.4 0Z" />
                ) : (
                  <circle cx="10" cy="10" r="6" fill="none" stroke="currentColor" strokeWidth="2" />
                )}
              </svg>
              <span>
                {translateMessageKey(rule.key)}
                <span className="sr-only">: {met ? t('passwordRules.met') : t('passwordRules.notMet')}</span>
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
