import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/api-error';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';

/** The switcher's fallback error: the API's own message, else 'Ett okänt fel inträffade'. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('company');
  const message = (isApiError(error) && error.serverMessage) || t('switcher.unknownError');
  return (
    <div className="flex flex-col items-start gap-3">
      <Alert tone="error" className="w-full">
        {message}
      </Alert>
      <Button variant="secondary" onPress={onRetry}>
        {t('switcher.retry')}
      </Button>
    </div>
  );
}
