import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { v7 as uuidv7 } from 'uuid';
import type { CompanyProduct } from '../../../contract/company-products';
import { ApiError } from '../../api/api-error';
import { errorMessage } from '../../api/error-message';
import {
  companyProductsKey,
  companyProductsQuery,
  createCompanyProduct,
  deleteCompanyProduct,
  updateCompanyProduct,
} from '../../api/queries/company-products';
import { chartOfAccountsQuery, zonesQuery } from '../../api/queries/inventory';
import { useActiveCompany, useSyncState } from '../../api/session/hooks';
import { syncController } from '../../api/session/sync';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { translateMessageKey } from '../../lib/message-keys';
import { formatSek } from '../../lib/money';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { inputClass, labelClass } from '../../ui/field-styles';
import { Modal } from '../../ui/Modal';
import { Spinner } from '../../ui/Spinner';
import { TextField } from '../../ui/TextField';
import { toast } from '../../ui/toast-queue';
import { parseTypedNumber } from './logic';

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

interface ArticleDialogProps {
  companyCode: string;
  product: CompanyProduct | null;
  initialGtin: string;
  onClose: () => void;
  onSaved: () => Promise<void>;
}

function ArticleDialog({ companyCode, product, initialGtin, onClose, onSaved }: ArticleDialogProps) {
  const { t } = useTranslation('inventory');
  const id = useId();
  const zones = useQuery(zonesQuery(companyCode));
  const accounts = useQuery(chartOfAccountsQuery(companyCode));
  const [clientId] = useState(() => uuidv7());
  const [v, setV] = useState({
    name: product?.name ?? '',
    articleNumber: product?.articleNumber ?? '',
    unit: product?.unit ?? 'piece',
    piecesPerCarton: String(product?.piecesPerCarton ?? 1),
    price: product ? (product.price / 100).toLocaleString('sv-SE', { useGrouping: false }) : '',
    account: product?.account ?? '',
    zone: product?.zone ?? '',
    gtin: product?.gtin ?? initialGtin,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (key: keyof typeof v) => (value: string) => setV((old) => ({ ...old, [key]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const price = v.price.trim() === '' ? 0 : parseTypedNumber(v.price);
    const ppc = Number(v.piecesPerCarton);
    const next: Record<string, string> = {};
    if (!v.name.trim()) next.name = translateMessageKey('validation.required');
    if (!v.articleNumber.trim()) next.articleNumber = translateMessageKey('validation.required');
    if (Number.isNaN(price) || price < 0) next.price = translateMessageKey('validation.numeric');
    if (!Number.isInteger(ppc) || ppc < 1) next.piecesPerCarton = translateMessageKey('validation.numeric');
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    const body = {
      name: v.name.trim(),
      articleNumber: v.articleNumber.trim(),
      unit: v.unit as 'piece' | 'carton',
      piecesPerCarton: ppc,
      price: Math.round(price * 100),
      account: v.account || null,
      zone: v.zone || null,
      gtin: v.gtin.trim() || null,
    };
    setBusy(true);
    setFormError(null);
    try {
      if (product) await updateCompanyProduct(companyCode, product.id, body);
      else await createCompanyProduct(companyCode, { id: clientId, ...body });
      toast.success(t('myArticles.saved'), { id: 'my-article' });
      onClose();
      await onSaved();
    } catch (error) {
      if (error instanceof ApiError && error.fields?.length) {
        setErrors(
          Object.fromEntries(error.fields.map((f) => [f.path.split('.')[0] ?? f.path, translateMessageKey(f.message)])),
        );
      } else setFormError(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  const select = (key: 'unit' | 'account' | 'zone', label: string, options: [string, string][]) => (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={`${id}-${key}`} className={labelClass}>
        {label}
      </label>
      <select
        id={`${id}-${key}`}
        name={key}
        value={v[key]}
        onChange={(e) => set(key)(e.target.value)}
        className={inputClass}
        aria-invalid={errors[key] ? true : undefined}
        aria-describedby={errors[key] ? `${id}-${key}-error` : undefined}
      >
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
      {errors[key] && (
        <p id={`${id}-${key}-error`} className="text-sm font-medium text-red-700 dark:text-red-300">
          {errors[key]}
        </p>
      )}
    </div>
  );

  return (
    <Modal
      isOpen
      onOpenChange={(o) => !o && onClose()}
      title={product ? t('myArticles.editHeading', { name: product.name }) : t('myArticles.createHeading')}
    >
      <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-4">
        {formError && <Alert tone="error">{formError}</Alert>}
        <TextField
          name="name"
          label={t('myArticles.name')}
          value={v.name}
          onChange={set('name')}
          errorMessage={errors.name}
          isRequired
        />
        <TextField
          name="articleNumber"
          label={t('myArticles.articleNumber')}
          value={v.articleNumber}
          onChange={set('articleNumber')}
          errorMessage={errors.articleNumber}
          isRequired
        />
        <div className="grid gap-4 sm:grid-cols-2">
          {select('unit', t('myArticles.unit'), [
            ['piece', t('items.units.piece')],
            ['carton', t('items.units.carton')],
          ])}
          <TextField
            name="piecesPerCarton"
            label={t('myArticles.piecesPerCarton')}
            value={v.piecesPerCarton}
            onChange={set('piecesPerCarton')}
            inputMode="numeric"
            errorMessage={errors.piecesPerCarton}
          />
        </div>
        <TextField
          name="price"
          label={t('myArticles.price')}
          value={v.price}
          onChange={set('price')}
          inputMode="decimal"
          errorMessage={errors.price}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          {select('account', t('myArticles.account'), [
            ['', t('myArticles.none')],
            ...(accounts.data ?? [])
              .filter((a) => a.active)
              .map((a): [string, string] => [a.number, `${a.number} ${a.name}`]),
          ])}
          {select('zone', t('myArticles.zone'), [
            ['', t('myArticles.none')],
            ...(zones.data ?? []).map((z): [string, string] => [z.name, z.name]),
          ])}
        </div>
        <TextField
          name="gtin"
          label={t('myArticles.gtin')}
          value={v.gtin}
          onChange={set('gtin')}
          inputMode="numeric"
          errorMessage={errors.gtin}
        />
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onPress={onClose}>
            {t('myArticles.cancel')}
          </Button>
          <Button type="submit" isPending={busy}>
            {t('myArticles.save')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
