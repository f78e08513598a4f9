import { useTranslation } from 'react-i18next';
import { Button, Group, Input, NumberField } from 'react-aria-components';
import { PURCHASE_LIST_MAX_QUANTITY } from '../../../../contract/purchase-lists';
import { toast } from '../../../ui/toast-queue';
import type { MirrorItem } from '../../../offline';
import { changeErrorText, changeList, showNotices } from '../changes';
import { MinusIcon, PlusIcon } from '../../../ui/StepIcons';

const stepClass =
  'inline-flex size-11 shrink-0 items-center justify-center text-gray-700 outline-none hover:bg-gray-100 data-disabled:opacity-40 data-focus-visible:outline-2 data-focus-visible:-outline-offset-2 data-focus-visible:outline-primary-600 dark:text-gray-200 dark:hover:bg-gray-800';

/**
 * The quantity of one line: typed (sv-SE decimal comma) or stepped with − and +. A change is saved on the device when
 * the field is left, Enter is pressed or a step button is used; whole-unit products are rounded by the engine, which
 * says so (SPEC §5).
 */
export function QuantityField({ item }: { item: MirrorItem }) {
  const { t } = useTranslation('purchase-lists');

  const save = async (quantity: number) => {
    if (Number.isNaN(quantity) || quantity === item.quantity) return;
    try {
      showNotices(
        await changeList({ type: 'setItemQuantity', listId: item.listId, itemId: item.id, quantity: quantity }),
      );
    } catch (error) {
      toast.error(changeErrorText(error), { id: 'purchase-list' });
    }
  };

  return (
    <NumberField
      value={item.quantity}
      onChange={(value) => void save(value)}
      minValue={0}
      maxValue={PURCHASE_LIST_MAX_QUANTITY}
      formatOptions={{ maximumFractionDigits: 3 }}
      aria-label={t('items.quantityOf', { name: item.name })}
      className="w-fit"
    >
      <Group className="flex items-center overflow-hidden rounded-lg border border-gray-400 bg-white focus-within:border-primary-600 focus-within:outline-2 focus-within:outline-primary-600/40 dark:border-gray-500 dark:bg-gray-900 dark:focus-within:border-primary-400">
        <Button slot="decrement" aria-label={t('items.decrease')} className={stepClass}>
          <MinusIcon />
        </Button>
        <Input
          data-testid="quantity-input"
          className="h-11 w-16 border-x border-gray-300 bg-transparent text-center text-base font-semibold text-gray-950 tabular-nums outline-none dark:border-gray-600 dark:text-white"
        />
        <Button slot="increment" aria-label={t('items.increase')} className={stepClass}>
          <PlusIcon />
        </Button>
      </Group>
    </NumberField>
  );
}
