import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChartAccount, CompanyZone, InventoryUnit } from '../../../../contract/inventory';
import type { MirrorInventoryItem } from '../../../offline/inventory/tables';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { inputClass, labelClass } from '../../../ui/field-styles';
import { Modal } from '../../../ui/Modal';
import { TextField } from '../../../ui/TextField';
import { toast } from '../../../ui/toast-queue';
import { changeErrorText, changeInventory, fieldErrorOf } from '../data';
import { parseTypedNumber } from '../logic';

interface ItemEditDialogProps {
  item: MirrorInventoryItem;
  zones: readonly CompanyZone[];
  accounts: readonly ChartAccount[];
  onClose: () => void;
}

const kronor = (ore: number) => (ore / 100).toLocaleString('sv-SE', { minimumFractionDigits: 2, useGrouping: false });

/** Unit, price, account, zone and par level of one item (a PATCH, made on the device first). */
export function ItemEditDialog({ item, zones, accounts, onClose }: ItemEditDialogProps) {
  const { t } = useTranslation('inventory');
  const id = useId();
  const [unit, setUnit] = useState<InventoryUnit>(item.unit);
  const [price, setPrice] = useState(kronor(item.price));
  const [account, setAccount] = useState(item.account ?? '');
  const [zone, setZone] = useState(item.zone ?? '');
  const [parLevel, setParLevel] = useState(item.parLevel === null ? '' : String(item.parLevel).replace('.', ','));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const priceValue = parseTypedNumber(price);
    const parValue = parLevel.trim() === '' ? null : parseTypedNumber(parLevel);
    const next: Record<string, string> = {};
    if (Number.isNaN(priceValue) || priceValue < 0) next.price = t('count.invalidNumber');
    if (parValue !== null && (Number.isNaN(parValue) || parValue < 0)) next.parLevel = t('count.invalidNumber');
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    const priceOre = Math.round(priceValue * 100);
    try {
      await changeInventory({
        type: 'patchItem',
        listId: item.listId,
        itemId: item.id,
        ...(unit !== item.unit ? { unit } : {}),
        ...(priceOre !== item.price || unit !== item.unit ? { price: priceOre } : {}),
        ...((account || null) !== item.account ? { account: account || null } : {}),
        ...((zone || null) !== item.zone ? { zone: zone || null } : {}),
        ...(parValue !== item.parLevel ? { parLevel: parValue } : {}),
      });
      toast.success(t('edit.saved'), { id: 'inventory-edit' });
      onClose();
    } catch (error) {
      const fields = ['price', 'account', 'zone', 'parLevel', 'unit'];
      const found = Object.fromEntries(
        fields.flatMap((f) => {
          const m = fieldErrorOf(error, f);
          return m ? [[f, m]] : [];
        }),
      );
      if (Object.keys(found).length > 0) setErrors(found);
      else setFormError(changeErrorText(error));
    }
  };

  const select = (
    name: string,
    label: string,
    value: string,
    onChange: (v: string) => void,
    options: [string, string][],
  ) => (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={`${id}-${name}`} className={labelClass}>
        {label}
      </label>
      <select
        id={`${id}-${name}`}
        name={name}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className={inputClass}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${id}-${name}-error` : undefined}
      >
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
      {errors[name] && (
        <p id={`${id}-${name}-error`} className="text-sm font-medium text-red-700 dark:text-red-300">
          {errors[name]}
        </p>
      )}
    </div>
  );

  return (
    <Modal isOpen onOpenChange={(open) => !open && onClose()} title={t('edit.heading', { name: item.name })}>
      <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-4">
        {formError && <Alert tone="error">{formError}</Alert>}
        {select('unit', t('edit.unit'), unit, (v) => setUnit(v as InventoryUnit), [
          ['piece', t('items.units.piece')],
          ['carton', t('items.units.carton')],
        ])}
        <TextField
          name="price"
          label={t('edit.price')}
          value={price}
          onChange={setPrice}
          inputMode="decimal"
          errorMessage={errors.price}
        />
        {select('account', t('edit.account'), account, setAccount, [
          ['', t('edit.none')],
          ...accounts
            .filter((a) => a.active || a.number === item.account)
            .map((a): [string, string] => [a.number, `${a.number} ${a.name}`]),
        ])}
        {select('zone', t('edit.zone'), zone, setZone, [
          ['', t('edit.none')],
          ...zones.map((z): [string, string] => [z.name, z.name]),
        ])}
        <TextField
          name="parLevel"
          label={t('edit.parLevel')}
          description={t('edit.parLevelHint')}
          value={parLevel}
          onChange={setParLevel}
          inputMode="decimal"
          errorMessage={errors.parLevel}
        />
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onPress={onClose}>
            {t('detail.cancel')}
          </Button>
          <Button type="submit">{t('detail.save')}</Button>
        </div>
      </form>
    </Modal>
  );
}
