import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button as AriaButton, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { useSyncState } from '../../api/session/hooks';
import { paths } from '../../lib/paths';
import { Alert } from '../Alert';
import { Button } from '../Button';
import { LinkButton } from '../Link';
import { Spinner } from '../Spinner';
import { toast } from '../toast-queue';
import { tryChangeCart } from './cart-actions';
import { CartLines } from './CartLines';
import { CartMessages } from './CartMessages';
import { CartTotals } from './CartTotals';
import { DeliveryDatePicker } from './DeliveryDatePicker';
import { cartDrawer, useCartDrawerOpen } from './drawer-store';
import { useActiveCart } from './use-active-cart';

/**
 * The cart as a drawer from the right (a React Aria modal dialog: focus moves in, is trapped, and returns to the mini
 * cart on close): lines, the server's messages, delivery date, totals and "Till kassan".
 */
export function CartDrawer() {
  const { t } = useTranslation('cart');
  const isOpen = useCartDrawerOpen();
  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={cartDrawer.set}
      isDismissable
      className="fixed inset-0 z-40 flex justify-end bg-gray-950/60 backdrop-blur-[2px]"
    >
      <Modal
        data-side-panel
        className="flex h-full w-full max-w-md flex-col bg-white shadow-2xl dark:bg-gray-900 dark:ring-1 dark:ring-gray-700"
      >
        <Dialog className="flex min-h-0 flex-1 flex-col outline-none" data-testid="cart-drawer">
          {({ close }) => (
            <>
              <div className="flex items-center justify-between gap-4 border-b border-gray-200 px-5 py-4 dark:border-gray-700">
                <Heading slot="title" className="text-xl font-bold text-gray-950 dark:text-white">
                  {t('title')}
                </Heading>
                <AriaButton
                  onPress={close}
                  aria-label={t('common:actions.close')}
                  className="-mr-2 inline-flex size-10 items-center justify-center rounded-lg text-gray-600 hover:bg-gray-100 data-focus-visible:outline-2 data-focus-visible:outline-primary-600 dark:text-gray-300 dark:hover:bg-gray-800"
                >
                  <svg viewBox="0 0 20 20" className="size-5" fill="currentColor" aria-hidden="true">
                    <path d="M6.28 5.22a.75.75 0 0 0-1.06 1.06L8.94 10l-3.72 3.72a.75.75 0 1 0 1.06 1.06L10 11.06l3.72 3.72a.75.75 0 1 0 1.06-1.06L11.06 10l3.72-3.72a.75.75 0 0 0-1.06-1.06L10 8.94 6.28 5.22Z" />
                  </svg>
                </AriaButton>
              </div>
              <CartContents onNavigate={close} />
            </>
          )}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}

function CartContents({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation('cart');
  const { companyCode, companyLoading, view } = useActiveCart();
  const { online } = useSyncState();
  const [confirmClear, setConfirmClear] = useState(false);
  const linesHeading = useRef<HTMLHeadingElement>(null);

  if (!companyCode) {
    return (
      <div className="px-5 py-6">
        {companyLoading ? <Spinner className="size-6" label={t('loading')} /> : <p>{t('noCompany')}</p>}
      </div>
    );
  }
  if (view === undefined) {
    return (
      <div className="flex justify-center px-5 py-10 text-primary-700 dark:text-primary-300">
        <Spinner className="size-6" label={t('loading')} />
      </div>
    );
  }
  const cart = view.cart;
  const items = cart?.items ?? [];

  return (
    <>
      <div className="min-h-0 flex-1 overflow-y-auto px-5 py-4">
        {view.status === 'idle' && !online && (
          <Alert tone="info" live={false} className="mb-3">
            {t('idle')}
          </Alert>
        )}
        {cart?.pending && (
          <Alert tone="info" live={false} className="mb-3">
            {t('pending')}
          </Alert>
        )}
        <h3 ref={linesHeading} tabIndex={-1} className="sr-only">
          {t('lines')}
        </h3>
        {items.length === 0 ? (
          <div
            className="rounded-2xl border border-dashed border-gray-300 p-5 dark:border-gray-600"
            data-testid="cart-empty"
          >
            <p className="font-semibold text-gray-950 dark:text-white">{t('empty.heading')}</p>
            <p className="mt-1 text-gray-700 dark:text-gray-300">{t('empty.text')}</p>
          </div>
        ) : (
          <CartLines
            companyCode={companyCode}
            items={items}
            onNavigate={onNavigate}
            onEmptied={() => linesHeading.current?.focus()}
          />
        )}
        {cart && <CartMessages messages={cart.messages} className="mt-3 flex flex-col gap-2" />}
        {cart && items.length > 0 && (
          <>
            <DeliveryDatePicker companyCode={companyCode} cart={cart} className="mt-5" />
            <CartTotals totals={cart.totals} estimated={cart.pending} className="mt-5" />
          </>
        )}
      </div>
      {cart && items.length > 0 && (
        <div className="flex flex-col gap-2 border-t border-gray-200 px-5 py-4 dark:border-gray-700">
          <LinkButton href={paths.checkout} onPress={onNavigate} className="w-full" data-testid="to-checkout">
            {t('actions.checkout')}
          </LinkButton>
          {confirmClear ? (
            <div role="group" aria-label={t('actions.clear')} className="flex flex-col gap-2">
              <p className="text-sm text-gray-800 dark:text-gray-200">{t('actions.clearConfirm')}</p>
              <div className="flex gap-2">
                <Button
                  variant="secondary"
                  size="sm"
                  className="text-red-800 dark:text-red-300"
                  autoFocus
                  onPress={async () => {
                    const done = await tryChangeCart({ type: 'clear', companyCode });
                    setConfirmClear(false);
                    if (done) {
                      toast.success(t('actions.cleared'), { id: 'cart-cleared' });
                      linesHeading.current?.focus();
                    }
                  }}
                >
                  {t('actions.clear')}
                </Button>
                <Button variant="secondary" size="sm" onPress={() => setConfirmClear(false)}>
                  {t('actions.keep')}
                </Button>
              </div>
            </div>
          ) : (
            <Button variant="secondary" size="sm" onPress={() => setConfirmClear(true)}>
              {t('actions.clear')}
            </Button>
          )}
        </div>
      )}
    </>
  );
}
