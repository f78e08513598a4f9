import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Label, Radio, RadioGroup, Switch, Text } from 'react-aria-components';
import type { CurrentUser } from '../../../../contract/customer';
import { errorMessage } from '../../../api/error-message';
import { currentUserKey } from '../../../api/queries/customer';
import { updateCurrentUser } from '../../../api/queries/settings';
import { COLOUR_MODES } from '../../../lib/colour-mode';
import { useColourMode } from '../../../lib/use-colour-mode';
import { Alert } from '../../../ui/Alert';
import { cx } from '../../../ui/cx';
import { descriptionClass, labelClass } from '../../../ui/field-styles';
import { toast } from '../../../ui/toast-queue';
import { SettingsSection } from './SettingsSection';

/** Colour mode (stored on this device) and the scanner sound (stored on the account, PUT /v1/customer/). */
export function DevicePreferences({ user }: { user: CurrentUser }) {
  const { t } = useTranslation('settings');
  const queryClient = useQueryClient();
  const [mode, setMode] = useColourMode();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const setScannerSound = async (scannerSound: boolean) => {
    setSaving(true);
    setError(null);
    try {
      const saved = await updateCurrentUser({
        firstName: user.firstName,
        lastName: user.lastName,
        email: user.email,
        phone: user.phone ?? '',
        scannerSound,
      });
      queryClient.setQueryData(currentUserKey, saved);
      toast.success(t(scannerSound ? 'device.scannerOn' : 'device.scannerOff'), { id: 'scanner_sound' });
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setSaving(false);
    }
  };

  return (
    <SettingsSection heading={t('device.heading')} headingId="settings-device">
      <div className="flex flex-col gap-6">
        <RadioGroup
          value={mode}
          onChange={(value) => setMode(value as (typeof COLOUR_MODES)[number])}
          className="flex flex-col gap-1.5"
        >
          <Label className={labelClass}>{t('device.colourMode')}</Label>
          <Text slot="description" className={descriptionClass}>
            {t('device.colourModeHint')}
          </Text>
          <div className="mt-1 inline-flex w-fit rounded-lg border border-gray-300 p-1 dark:border-gray-600">
            {COLOUR_MODES.map((value) => (
              <Radio
                key={value}
                value={value}
                className={({ isSelected, isFocusVisible }) =>
                  cx(
                    'min-h-10 cursor-pointer rounded-md px-4 py-2 text-sm font-semibold transition-colors',
                    isSelected
                      ? 'bg-primary-700 text-white dark:bg-primary-500 dark:text-gray-950'
                      : 'text-gray-800 hover:bg-gray-100 dark:text-gray-100 dark:hover:bg-gray-800',
                    isFocusVisible && 'outline-2 outline-offset-2 outline-primary-600 dark:outline-primary-300',
                  )
                }
              >
                {t(`common:colourMode.${value}`)}
              </Radio>
            ))}
          </div>
        </RadioGroup>

        <div className="flex flex-col gap-1.5">
          <Switch
            isSelected={user.scannerSound}
            onChange={(on) => void setScannerSound(on)}
            isDisabled={saving}
            aria-describedby="settings-scanner-hint"
            className="group inline-flex min-h-11 w-fit cursor-pointer items-center gap-3 text-base font-semibold text-gray-900 data-disabled:opacity-60 dark:text-gray-50"
          >
            <span
              aria-hidden="true"
              className="flex h-7 w-12 shrink-0 items-center rounded-full bg-gray-400 p-0.5 transition-colors group-data-focus-visible:outline-2 group-data-focus-visible:outline-offset-2 group-data-focus-visible:outline-primary-600 group-data-selected:bg-primary-700 dark:bg-gray-600 dark:group-data-selected:bg-primary-500"
            >
              <span className="size-6 rounded-full bg-white shadow transition-transform group-data-selected:translate-x-5" />
            </span>
            {t('device.scanner')}
          </Switch>
          <p id="settings-scanner-hint" className={descriptionClass}>
            {t('device.scannerHint')}
          </p>
          {error && <Alert tone="error">{error}</Alert>}
        </div>
      </div>
    </SettingsSection>
  );
}
