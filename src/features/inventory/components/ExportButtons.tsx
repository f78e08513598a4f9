import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { InventoryGroup } from '../../../../contract/inventory';
import { errorMessage } from '../../../api/error-message';
import { downloadInventoryExport, type ExportFormat } from '../../../api/queries/inventory';
import { useSyncState } from '../../../api/session/hooks';
import { Button } from '../../../ui/Button';
import { ProgressBar } from '../../../ui/ProgressBar';
import { toast } from '../../../ui/toast-queue';

/** Saves a blob under its name (an object URL and a download link; the URL is released afterwards). */
function save(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** "Exportera till Excel / PDF": the server makes the file; progress is shown until it is downloaded. */
export function ExportButtons({
  companyCode,
  listId,
  group,
}: {
  companyCode: string;
  listId: string;
  group: InventoryGroup;
}) {
  const { t } = useTranslation('inventory');
  const { online } = useSyncState();
  const [busy, setBusy] = useState<{ format: ExportFormat; share: number | null } | null>(null);

  const run = async (format: ExportFormat) => {
    setBusy({ format, share: null });
    try {
      const file = await downloadInventoryExport(companyCode, listId, format, {
        group,
        onProgress: (share) => setBusy({ format, share }),
      });
      save(file.blob, file.fileName);
      toast.success(t('export.done', { file: file.fileName }), { id: 'inventory-export' });
    } catch (error) {
      toast.error(errorMessage(error), { id: 'inventory-export' });
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap gap-2">
        {(['excel', 'pdf'] as const).map((format) => (
          <Button
            key={format}
            variant="secondary"
            size="sm"
            isDisabled={!online || busy !== null}
            isPending={busy?.format === format}
            onPress={() => void run(format)}
          >
            {t(`export.${format}`)}
          </Button>
        ))}
      </div>
      {!online && <p className="text-sm text-gray-600 dark:text-gray-300">{t('export.offline')}</p>}
      {busy && (
        <div aria-live="polite" data-testid="export-progress">
          <p className="text-sm text-gray-700 dark:text-gray-300">{t('export.making')}</p>
          {busy.share !== null && (
            <ProgressBar
              label={t('export.progress')}
              value={Math.round(busy.share * 100)}
              maxValue={100}
              valueLabel={`${Math.round(busy.share * 100)} %`}
            />
          )}
        </div>
      )}
    </div>
  );
}
