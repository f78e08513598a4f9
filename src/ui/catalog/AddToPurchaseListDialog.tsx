import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button as AriaButton, Group, Input, Label, NumberField, Radio, RadioGroup, Text } from 'react-aria-components';
import { productLookup } from '../../../contract/catalog';
import { PURCHASE_LIST_MAX_QUANTITY } from '../../../contract/purchase-lists';
import { api } from '../../api/api';
import { errorMessage } from '../../api/error-message';
import { useActiveCompany, useIsAuthenticated } from '../../api/session/hooks';
import { translateMessageKey } from '../../lib/message-keys';
import { paths } from '../../lib/paths';
import { createMutate, MutationError, offlineDb, type ProductSnapshot } from '../../offline';
import { usePurchaseLists } from '../../offline/hooks';
import type { ProductHit } from '../../api/search/types';
import { Alert } from '../Alert';
import { Button } from '../Button';
import { FieldErrorText } from '../FieldErrorText';
import { descriptionClass, labelClass } from '../field-styles';
import { Link, LinkButton } from '../Link';
import { Modal } from '../Modal';
import { Spinner } from '../Spinner';
import { toast } from '../toast-queue';
import { MinusIcon, PlusIcon } from '../StepIcons';
import { catalog, pathTo } from '../../../contract/routes';

/** A product as the product page has it (a full snapshot) or as a search hit (completed by a lookup when added). */
export type AddableProduct = ProductSnapshot | ProductHit;

const isSnapshot = (product: AddableProduct): product is ProductSnapshot => 'productId' in product;
const productIdOf = (product: AddableProduct) => (isSnapshot(product) ? product.productId : product.id);

/** The snapshot the offline engine stores with the line (a hit lacks the GTINs and whole-unit flag: look it up). */
async function snapshotOf(product: AddableProduct): Promise<ProductSnapshot> {
  if (isSnapshot(product)) return product;
  const found = await api.request(pathTo(catalog.lookup), {
    query: { code: product.sku, by: 'articleNumber' },
    schema: productLookup,
  });
  return {
    productId: found.productId,
    sku: found.sku,
    name: found.name,
    brandName: found.brandName,
    unit: found.unit,
    piecesPerCarton: found.piecesPerCarton,
    gtinPiece: found.gtinPiece,
    gtinCarton: found.gtinCarton,
    imageUrl: found.imageUrl,
    stockStatus: found.stockStatus,
    discontinued: found.discontinued,
    wholeUnitsOnly: found.wholeUnitsOnly,
  };
}

const mutate = (change: Parameters<ReturnType<typeof createMutate>>[0]) => createMutate(offlineDb())(change);

export interface AddToPurchaseListDialogProps {
  product: AddableProduct;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}

/**
 * The dialog of "Lägg i inköpslista" (AddToPurchaseList): the chosen company's purchase lists from the device's mirror
 * and the quantity. A chunk of its own, with React Aria's dialog and the offline engine (docs/decisions/0021).
 */
export function AddToPurchaseListDialog({ product, isOpen, onOpenChange }: AddToPurchaseListDialogProps) {
  const { t } = useTranslation('catalog');
  return (
    <Modal isOpen={isOpen} onOpenChange={onOpenChange} title={t('purchaseList.dialogTitle')}>
      {isOpen && <AddForm product={product} onDone={() => onOpenChange(false)} />}
    </Modal>
  );
}

function AddForm({ product, onDone }: { product: AddableProduct; onDone: () => void }) {
  const { t } = useTranslation('catalog');
  const authenticated = useIsAuthenticated();
  const company = useActiveCompany();
  const lists = usePurchaseLists(company.code);
  const productId = productIdOf(product);
  const containing = useLiveQuery(
    async () =>
      company.code
        ? new Set(
            (
              await offlineDb()
                .purchaseListItems.where('companyCode')
                .equals(company.code)
                .filter((item) => item.productId === productId)
                .toArray()
            ).map((item) => item.listId),
          )
        : new Set<string>(),
    [company.code, productId],
  );
  const [listId, setListId] = useState<string | null>(null);
  const [quantity, setQuantity] = useState(1);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (!authenticated) {
    return (
      <div className="flex flex-col gap-4">
        <p>{t('purchaseList.loginFirst')}</p>
        <LinkButton href={paths.login} className="w-fit">
          {t('auth:login.title')}
        </LinkButton>
      </div>
    );
  }
  if (!company.code && !company.loading) return <p>{t('purchaseList.noCompany')}</p>;
  if (!lists || !containing) {
    return (
      <div className="flex justify-center py-8 text-primary-700 dark:text-primary-300">
        <Spinner className="size-6" label={t('purchaseList.loading')} />
      </div>
    );
  }
  if (lists.length === 0) {
    return (
      <div className="flex flex-col gap-4">
        <p>{t('purchaseList.noLists')}</p>
        <LinkButton href={paths.purchaseLists} className="w-fit" onPress={onDone}>
          {t('purchaseList.createFirst')}
        </LinkButton>
      </div>
    );
  }

  const submit = async () => {
    setFormError(null);
    if (!listId) {
      setFieldError(t('purchaseList.chooseRequired'));
      return;
    }
    const list = lists.find((l) => l.id === listId);
    setBusy(true);
    try {
      const snapshot = await snapshotOf(product);
      const result = await mutate({ type: 'addItem', listId, product: snapshot, quantity });
      toast.success(t('purchaseList.added', { name: snapshot.name, list: list?.name ?? '' }), {
        id: 'purchase-list',
      });
      for (const notice of result.notices) toast.show({ tone: 'info', title: notice.message, id: notice.code });
      onDone();
    } catch (error) {
      if (error instanceof MutationError) {
        const field = error.fields[0];
        if (field) setFieldError(translateMessageKey(field.message));
        else setFormError(error.message);
      } else {
        setFormError(errorMessage(error));
      }
    } finally {
      setBusy(false);
    }
  };

  const wholeUnitsOnly = isSnapshot(product) ? product.wholeUnitsOnly : true;

  return (
    <form
      noValidate
      className="flex flex-col gap-5"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      {formError && <Alert tone="error">{formError}</Alert>}
      <RadioGroup
        value={listId}
        onChange={(value) => {
          setListId(value);
          setFieldError(null);
        }}
        isInvalid={!!fieldError}
        validationBehavior="aria"
        className="flex flex-col gap-2"
        data-testid="purchase-list-choice"
      >
        <Label className={labelClass}>{t('purchaseList.choose')}</Label>
        <Text slot="description" className={descriptionClass}>
          {t('purchaseList.chooseHint', { name: product.name })}
        </Text>
        <div className="flex max-h-72 flex-col gap-1.5 overflow-y-auto p-0.5">
          {lists.map((list) => {
            const has = containing.has(list.id);
            return (
              <Radio
                key={list.id}
                value={list.id}
                className="group flex min-h-12 cursor-pointer items-center gap-3 rounded-lg border border-gray-300 px-3 py-2 data-focus-visible:outline-2 data-focus-visible:outline-offset-1 data-focus-visible:outline-primary-600 data-hovered:bg-gray-50 data-selected:border-primary-600 data-selected:bg-primary-50 dark:border-gray-600 dark:data-hovered:bg-gray-800 dark:data-selected:border-primary-400 dark:data-selected:bg-primary-950"
              >
                <span
                  aria-hidden="true"
                  className="flex size-5 shrink-0 items-center justify-center rounded-full border-2 border-gray-500 group-data-selected:border-primary-700 dark:border-gray-400 dark:group-data-selected:border-primary-300"
                >
                  <span className="size-2.5 rounded-full group-data-selected:bg-primary-700 dark:group-data-selected:bg-primary-300" />
                </span>
                <span className="flex min-w-0 flex-1 flex-col">
                  <span className="truncate font-semibold text-gray-950 dark:text-white">{list.name}</span>
                  <span className="text-sm text-gray-700 dark:text-gray-300">
                    {t('purchaseList.items', { count: list.itemCount })}
                  </span>
                </span>
                {has && (
                  <span className="shrink-0 rounded-full bg-gray-200 px-2 py-0.5 text-xs font-semibold text-gray-800 dark:bg-gray-700 dark:text-gray-100">
                    {t('purchaseList.alreadyIn')}
                  </span>
                )}
              </Radio>
            );
          })}
        </div>
        <FieldErrorText>{fieldError ?? undefined}</FieldErrorText>
      </RadioGroup>

      <NumberField
        value={quantity}
        onChange={(value) => setQuantity(Number.isNaN(value) ? 1 : value)}
        minValue={wholeUnitsOnly ? 1 : 0.001}
        maxValue={PURCHASE_LIST_MAX_QUANTITY}
        step={wholeUnitsOnly ? 1 : undefined}
        formatOptions={{ maximumFractionDigits: wholeUnitsOnly ? 0 : 3 }}
        className="flex flex-col gap-1.5"
      >
        <Label className={labelClass}>{t('purchaseList.quantity')}</Label>
        <Group className="flex w-fit items-center overflow-hidden rounded-lg border border-gray-400 bg-white focus-within:border-primary-600 focus-within:outline-2 focus-within:outline-primary-600/40 dark:border-gray-500 dark:bg-gray-900">
          <AriaButton slot="decrement" className={stepClass}>
            <MinusIcon />
          </AriaButton>
          <Input className="h-11 w-20 border-x border-gray-300 bg-transparent text-center text-base font-semibold tabular-nums outline-none dark:border-gray-600" />
          <AriaButton slot="increment" className={stepClass}>
            <PlusIcon />
          </AriaButton>
        </Group>
      </NumberField>

      <div className="flex flex-wrap items-center justify-between gap-3">
        <Link href={paths.purchaseLists} onPress={onDone} className="text-sm">
          {t('purchaseList.createFirst')}
        </Link>
        <div className="flex gap-2">
          <Button variant="ghost" onPress={onDone}>
            {t('purchaseList.cancel')}
          </Button>
          <Button type="submit" isPending={busy}>
            {t('purchaseList.submit')}
          </Button>
        </div>
      </div>
    </form>
  );
}

const stepClass =
  'inline-flex size-11 shrink-0 items-center justify-center text-gray-700 outline-none hover:bg-gray-100 data-disabled:opacity-40 data-focus-visible:outline-2 data-focus-visible:-outline-offset-2 data-focus-visible:outline-primary-600 dark:text-gray-200 dark:hover:bg-gray-800';
