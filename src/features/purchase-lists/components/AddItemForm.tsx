import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Label, Radio, RadioGroup } from 'react-aria-components';
import { z } from 'zod';
import { errorMessage } from '../../../api/error-message';
import { useForm } from '../../../lib/forms/use-form';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/TextField';
import { toast } from '../../../ui/toast-queue';
import { changeErrorText, changeList, fieldErrorOf, showNotices } from '../changes';
import { lookupProduct } from '../lookup';
import { checkCode, type LookupKind } from '../product-code';

const KINDS: LookupKind[] = ['articleNumber', 'ean'];

const codeSchema = (kind: LookupKind) =>
  z.object({ code: z.string() }).superRefine(({ code }, ctx) => {
    const checked = checkCode(kind, code);
    if ('error' in checked) {
      ctx.addIssue({
        code: 'custom',
        path: ['code'],
        message: checked.error === 'required' ? 'validation.required' : 'purchase-lists.add.eanInvalid',
      });
    }
  });

/**
 * "Lägg till artikel": an article number or an EAN (a phone shows its number pad for EAN). Resolved online through the
 * catalogue, offline from the products this device has already seen; an article already on the list is refused with
 * the spec's hint next to the field.
 */
export function AddItemForm({ listId }: { listId: string }) {
  const { t } = useTranslation('purchase-lists');
  const [kind, setKind] = useState<LookupKind>('articleNumber');
  // A new form after each added article: an empty field with no leftover error, ready for the next number.
  const [round, setRound] = useState(0);

  return (
    <section
      aria-labelledby="add-item-heading"
      className="rounded-2xl border border-gray-200 bg-white p-5 shadow-sm sm:p-6 dark:border-gray-700 dark:bg-gray-900"
    >
      <h2 id="add-item-heading" className="text-lg font-bold text-gray-950 dark:text-white">
        {t('add.heading')}
      </h2>
      <RadioGroup
        value={kind}
        onChange={(value) => setKind(value as LookupKind)}
        orientation="horizontal"
        className="mt-4 flex flex-col gap-2"
      >
        <Label className="text-sm font-semibold text-gray-800 dark:text-gray-100">{t('add.by')}</Label>
        <div className="inline-flex w-fit rounded-lg border border-gray-300 bg-white p-1 dark:border-gray-600 dark:bg-gray-900">
          {KINDS.map((value) => (
            <Radio
              key={value}
              value={value}
              className="flex min-h-9 cursor-pointer items-center rounded-md px-3 text-sm font-medium text-gray-800 data-focus-visible:outline-2 data-focus-visible:outline-offset-1 data-focus-visible:outline-primary-600 data-hovered:bg-gray-100 data-selected:bg-primary-700 data-selected:text-white dark:text-gray-200 dark:data-focus-visible:outline-primary-300 dark:data-hovered:bg-gray-800 dark:data-selected:bg-primary-300 dark:data-selected:text-gray-950"
            >
              {value === 'ean' ? t('add.byEan') : t('add.byArticleNumber')}
            </Radio>
          ))}
        </div>
      </RadioGroup>
      <CodeForm
        key={`${kind}-${round}`}
        listId={listId}
        kind={kind}
        autoFocus={round > 0}
        onAdded={() => setRound((n) => n + 1)}
      />
    </section>
  );
}

interface CodeFormProps {
  listId: string;
  kind: LookupKind;
  autoFocus: boolean;
  onAdded: () => void;
}

function CodeForm({ listId, kind, autoFocus, onAdded }: CodeFormProps) {
  const { t } = useTranslation('purchase-lists');
  const inputRef = useRef<HTMLInputElement>(null);
  const form = useForm({
    initialValues: { code: '' },
    schema: codeSchema(kind),
    required: ['code'],
    onSubmit: async ({ code: raw }): Promise<void> => {
      const checked = checkCode(kind, raw);
      if ('error' in checked) return;
      const fieldError = (message: string) => {
        form.showServerFieldErrors([{ path: 'code', message }]);
        inputRef.current?.focus();
      };
      const found = await lookupProduct(kind, checked.code, navigator.onLine);
      if (found.kind === 'notFound') return fieldError(t('add.notFound'));
      if (found.kind === 'offlineUnknown') return fieldError(t('add.offlineUnknown'));
      if (found.kind === 'failed') return form.setFormError(errorMessage(found.error));
      try {
        const result = await changeList({ type: 'addItem', listId, product: found.product, quantity: 1 });
        toast.success(t('add.added', { name: found.product.name }), { id: 'purchase-list' });
        showNotices(result);
        onAdded();
      } catch (error) {
        const message = fieldErrorOf(error, 'productId', 'articleNumber', 'ean');
        if (message) fieldError(message);
        else form.setFormError(changeErrorText(error));
      }
    },
  });
  const isEan = kind === 'ean';

  return (
    <form noValidate onSubmit={form.handleSubmit} className="mt-4 flex flex-col gap-4">
      {form.formError && <Alert tone="error">{form.formError}</Alert>}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <TextField
          {...form.field('code')}
          label={isEan ? t('add.ean') : t('add.articleNumber')}
          description={isEan ? t('add.eanHint') : t('add.articleNumberHint')}
          inputMode={isEan ? 'numeric' : 'text'}
          pattern={isEan ? '[0-9]*' : undefined}
          enterKeyHint="done"
          autoComplete="off"
          autoCorrect="off"
          spellCheck="false"
          maxLength={isEan ? 20 : 50}
          inputRef={inputRef}
          autoFocus={autoFocus}
          isRequired
          className="sm:max-w-sm sm:flex-1"
        />
        <Button type="submit" isPending={form.isSubmitting} className="sm:mt-[1.625rem]">
          {t('add.submit')}
        </Button>
      </div>
    </form>
  );
}
