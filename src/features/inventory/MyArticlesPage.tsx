import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { CompanyProduct } from '../../../contract/company-products';
import { errorMessage } from '../../api/error-message';
import { companyProductsKey, companyProductsQuery, deleteCompanyProduct } from '../../api/queries/company-products';
import { useActiveCompany, useSyncState } from '../../api/session/hooks';
import { syncController } from '../../api/session/sync';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { formatSek } from '../../lib/money';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { inputClass, labelClass } from '../../ui/field-styles';
import { Modal } from '../../ui/Modal';
import { Spinner } from '../../ui/Spinner';
import { toast } from '../../ui/toast-queue';
import { ArticleDialog } from './components/ArticleDialog';

const PAGE_SIZE = 50;

/**
 * /profil/inventering/mina-artiklar — the company's own articles, straight on the server (online only; the page says
 * so). A change also refreshes the device's article index, so the article can be scanned offline afterwards.
 */
export function MyArticlesPage() {
  const { t } = useTranslation('inventory');
  const id = useId();
  const company = useActiveCompany();
  const { online } = useSyncState();
  const [params] = useSearchParams();
  const [q, setQ] = useState('');
  const [pages, setPages] = useState(1);
  const debounced = useDebouncedValue(q, 300);
  const [editing, setEditing] = useState<CompanyProduct | 'new' | null>(params.get('gtin') ? 'new' : null);
  const [removing, setRemoving] = useState<CompanyProduct | null>(null);
  const queryClient = useQueryClient();
  const code = company.code;
  const list = useQuery({
    ...companyProductsQuery(code ?? '', { q: debounced || undefined, page: 1, pageSize: PAGE_SIZE * pages }),
    enabled: code !== null,
  });

  const changed = async () => {
    await queryClient.invalidateQueries({ queryKey: companyProductsKey });
    void syncController().syncNow(); // the article index on the device
  };

  if (company.loading) return <Spinner className="mx-auto mt-10 size-8" label={t('myArticles.loading')} />;
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-gray-950 dark:text-white">{t('myArticles.heading')}</h1>
      <p className="mt-2 max-w-3xl text-lg text-gray-700 dark:text-gray-300">{t('myArticles.lead')}</p>
      {!online && (
        <Alert tone="warning" className="mt-4">
          {t('myArticles.online')}
        </Alert>
      )}
      {code === null ? (
        <Alert tone="info" title={t('noCompany.title')} className="mt-6">
          {t('noCompany.text')}
        </Alert>
      ) : (
        <>
          <div className="mt-6 flex flex-wrap items-end gap-3">
            <div className="flex min-w-60 flex-1 flex-col gap-1.5">
              <label htmlFor={`${id}-q`} className={labelClass}>
                {t('myArticles.search')}
              </label>
              <input
                id={`${id}-q`}
                type="search"
                value={q}
                onChange={(e) => {
                  setQ(e.target.value);
                  setPages(1);
                }}
                className={inputClass}
              />
            </div>
            <Button onPress={() => setEditing('new')} isDisabled={!online}>
              {t('myArticles.create')}
            </Button>
          </div>
          {list.isPending ? (
            <Spinner className="mx-auto mt-8 size-8" label={t('myArticles.loading')} />
          ) : list.isError ? (
            <Alert tone="error" className="mt-6">
              {errorMessage(list.error)}
            </Alert>
          ) : list.data.data.length === 0 ? (
            <p className="mt-6 text-gray-700 dark:text-gray-300">{t('myArticles.empty')}</p>
          ) : (
            <>
              <ul className="mt-6 divide-y divide-gray-200 rounded-2xl border border-gray-200 bg-white dark:divide-gray-700 dark:border-gray-700 dark:bg-gray-900">
                {list.data.data.map((p) => (
                  <li
                    key={p.id}
                    className="flex flex-wrap items-center justify-between gap-3 p-4"
                    data-testid="my-article"
                  >
                    <div className="min-w-0">
                      <p className="font-semibold break-words text-gray-950 dark:text-white">{p.name}</p>
                      <p className="text-sm text-gray-600 dark:text-gray-300">
                        {p.articleNumber} · {formatSek(p.price)} / {t(`items.units.${p.unit}`)}
                        {p.zone ? ` · ${p.zone}` : ''}
                        {p.account ? ` · ${p.account}` : ''}
                        {p.gtin ? ` · EAN ${p.gtin}` : ''}
                      </p>
                    </div>
                    <div className="flex gap-2">
                      <Button
                        size="sm"
                        variant="secondary"
                        isDisabled={!online}
                        onPress={() => setEditing(p)}
                        aria-label={`${t('myArticles.edit')} ${p.name}`}
                      >
                        {t('myArticles.edit')}
                      </Button>
                      <Button
                        size="sm"
                        variant="ghost"
                        isDisabled={!online}
                        onPress={() => setRemoving(p)}
                        aria-label={`${t('myArticles.delete')} ${p.name}`}
                        className="text-red-800 dark:text-red-300"
                      >
                        {t('myArticles.delete')}
                      </Button>
                    </div>
                  </li>
                ))}
              </ul>
              {list.data.totalRecords > list.data.data.length && (
                <Button variant="secondary" className="mt-4" onPress={() => setPages((n) => n + 1)}>
                  {t('myArticles.more')}
                </Button>
              )}
            </>
          )}
          {editing !== null && (
            <ArticleDialog
              companyCode={code}
              product={editing === 'new' ? null : editing}
              initialGtin={params.get('gtin') ?? ''}
              onClose={() => setEditing(null)}
              onSaved={changed}
            />
          )}
          <Modal
            isOpen={removing !== null}
            onOpenChange={(o) => !o && setRemoving(null)}
            title={t('myArticles.delete')}
          >
            <p className="text-gray-800 dark:text-gray-200">
              {t('myArticles.deleteConfirm', { name: removing?.name ?? '' })}
            </p>
            <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <Button variant="secondary" onPress={() => setRemoving(null)} autoFocus>
                {t('myArticles.cancel')}
              </Button>
              <Button
                variant="danger"
                onPress={async () => {
                  try {
                    await deleteCompanyProduct(code, removing!.id);
                    toast.success(t('myArticles.deleted'), { id: 'my-article' });
                    setRemoving(null);
                    await changed();
                  } catch (error) {
                    toast.error(errorMessage(error));
                  }
                }}
              >
                {t('myArticles.delete')}
              </Button>
            </div>
          </Modal>
        </>
      )}
    </div>
  );
}
