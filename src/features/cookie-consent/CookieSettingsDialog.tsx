import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ALL_ACCEPTED,
  CONSENT_CATEGORIES,
  NECESSARY_ONLY,
  type ConsentCategory,
  type ConsentChoice,
} from '../../lib/consent';
import { Button } from '../../ui/Button';
import { Checkbox } from '../../ui/Checkbox';
import { Modal } from '../../ui/Modal';

interface CookieSettingsDialogProps {
  initial: ConsentChoice;
  onSave: (choice: ConsentChoice) => void;
  onClose: () => void;
}

/** One switch per category (necessary is always on and cannot be changed), then save, accept all or necessary only. */
export function CookieSettingsDialog({ initial, onSave, onClose }: CookieSettingsDialogProps) {
  const { t } = useTranslation('consent');
  const [choice, setChoice] = useState<ConsentChoice>(initial);

  const toggle = (category: ConsentCategory, value: boolean) => {
    if (category === 'necessary') return;
    setChoice((previous) => ({ ...previous, [category]: value }));
  };

  return (
    <Modal isOpen onOpenChange={(open) => !open && onClose()} title={t('dialog.title')}>
      <div className="flex flex-col gap-4">
        <p className="text-sm text-gray-700 dark:text-gray-300">{t('dialog.intro')}</p>
        <ul className="flex flex-col divide-y divide-gray-200 dark:divide-gray-700">
          {CONSENT_CATEGORIES.map((category) => {
            const descriptionId = `cookie-category-${category}`;
            return (
              <li key={category} className="flex flex-col gap-0.5 py-2">
                <Checkbox
                  isSelected={choice[category]}
                  isDisabled={category === 'necessary'}
                  onChange={(value) => toggle(category, value)}
                  aria-describedby={descriptionId}
                  className="font-semibold text-gray-950 data-disabled:cursor-default dark:text-white"
                >
                  {t(`categories.${category}.name`)}
                  {category === 'necessary' && (
                    <span className="text-sm font-normal text-gray-600 dark:text-gray-300">
                      ({t('dialog.alwaysOn')})
                    </span>
                  )}
                </Checkbox>
                <p id={descriptionId} className="pl-7.5 text-sm text-gray-700 dark:text-gray-300">
                  {t(`categories.${category}.description`)}
                </p>
              </li>
            );
          })}
        </ul>
        <div className="flex flex-wrap gap-3 border-t border-gray-200 pt-4 dark:border-gray-700">
          <Button onPress={() => onSave(choice)}>{t('dialog.save')}</Button>
          <Button variant="secondary" onPress={() => onSave(ALL_ACCEPTED)}>
            {t('dialog.acceptAll')}
          </Button>
          <Button variant="secondary" onPress={() => onSave(NECESSARY_ONLY)}>
            {t('dialog.necessaryOnly')}
          </Button>
        </div>
      </div>
    </Modal>
  );
}
