import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { v7 as uuidv7 } from 'uuid';
import type { CompanyProduct } from '../../../../contract/company-products';
import { ApiError } from '../../../api/api-error';
import { errorMessage } from '../../../api/error-message';
import { createCompanyProduct, updateCompanyProduct } from '../../../api/queries/company-products';
import { chartOfAccountsQuery, zonesQuery } from '../../../api/queries/inventory';
import { translateMessageKey } from '../../../lib/message-keys';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { inputClass, labelClass } from '../../../ui/field-styles';
import { Modal } from '../../../ui/Modal';
import { TextField } from '../../../ui/TextField';
import { toast } from '../../../ui/toast-queue';
import { parseTypedNumber } from '../logic';

interface ArticleDialogProps {
  companyCode: string;
  product: CompanyProduct | null;
  initialGtin: string;
  onClose: () => void;
  onSaved: () => Promise<void>;
}

/** Creating or changing one of the company's own articles (on the server; the page is online only). */
export function ArticleDialog({ companyCode, product, initialGtin, onClose, onSaved }: ArticleDialogProps) {
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
    // The form-level summary every other form shows when a required field is empty (use-form does the same).
    setFormError(!v.name.trim() || !v.articleNumber.trim() ? translateMessageKey('validation.fillAll') : null);
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
