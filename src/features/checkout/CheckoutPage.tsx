import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { v7 as uuidv7 } from 'uuid';
import { ORDER_REFERENCE_MAX } from '../../../contract/orders';
import { placeOrder } from '../../api/queries/orders';
import { useCurrentCompany, useSyncState } from '../../api/session/hooks';
import { syncController } from '../../api/session/sync';
import { paths } from '../../lib/paths';
import { offlineDb } from '../../offline';
import { waitingCartChanges, type MirrorCart } from '../../offline/cart';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { CartLines } from '../../ui/cart/CartLines';
import { CartMessages } from '../../ui/cart/CartMessages';
import { CartTotals } from '../../ui/cart/CartTotals';
import { DeliveryDatePicker } from '../../ui/cart/DeliveryDatePicker';
import { cartDrawer } from '../../ui/cart/drawer-store';
import { useActiveCart } from '../../ui/cart/use-active-cart';
import { LinkButton } from '../../ui/Link';
import { Spinner } from '../../ui/Spinner';
import { TextField } from '../../ui/TextField';
import { checkoutFailure, type CheckoutFailure } from './checkout-errors';
import { rememberOrder } from './last-order';

/** /kassa — the cart as an order: delivery date, address, references, rows and totals; then POST checkout. */
export function CheckoutPage() {
  const { t } = useTranslation('checkout');
  const { companyCode, companyLoading, view } = useActiveCart();
  const { online } = useSyncState();

  // The freshest cart before ordering: waiting changes go first, then the cart is read again.
  const [synced, setSynced] = useState(false);
  useEffect(() => {
    if (!companyCode || !online) return;
    let cancelled = false;
    void syncController()
      .syncNow()
      .finally(() => {
        if (!cancelled) setSynced(true);
      });
    return () => {
      cancelled = true;
    };
  }, [companyCode, online]);

  if (!companyCode) {
    return <Page>{companyLoading ? <Loading /> : <Alert tone="info">{t('noCompany')}</Alert>}</Page>;
  }
  // Not read yet for this company: wait for the sync that reads it (offline, the device's copy is all there is).
  if (view === undefined || (view.status === 'idle' && online && !view.cart && !synced)) {
    return (
      <Page>
        <Loading />
      </Page>
    );
  }
  const cart = view.cart;
  if (!cart || cart.items.length === 0) {
    return (
      <Page>
        <div className="rounded-2xl border border-dashed border-gray-300 bg-white p-6 dark:border-gray-600 dark:bg-gray-900">
          <h2 className="text-lg font-semibold text-gray-950 dark:text-white">{t('empty.heading')}</h2>
          <p className="mt-1 text-gray-700 dark:text-gray-300">{t('empty.text')}</p>
          <LinkButton href={paths.home} variant="secondary" className="mt-4">
            {t('empty.action')}
          </LinkButton>
        </div>
      </Page>
    );
  }
  return (
    <Page>
      <CheckoutForm companyCode={companyCode} cart={cart} />
    </Page>
  );
}

function Page({ children }: { children: ReactNode }) {
  const { t } = useTranslation('checkout');
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-gray-950 dark:text-white">{t('heading')}</h1>
      <p className="mt-2 text-gray-700 dark:text-gray-300">{t('intro')}</p>
      <div className="mt-6">{children}</div>
    </div>
  );
}

function Loading() {
  const { t } = useTranslation('checkout');
  return (
    <div className="flex justify-center py-12 text-primary-700 dark:text-primary-300">
      <Spinner className="size-8" label={t('loading')} />
    </div>
  );
}

const BLOCKING = new Set(['NoDeliveryRoutes', 'CompanyHasNoUsers', 'CompanyInactive']);

function CheckoutForm({ companyCode, cart }: { companyCode: string; cart: MirrorCart }) {
  const { t } = useTranslation('checkout');
  const navigate = useNavigate();
  const company = useCurrentCompany();
  const { online } = useSyncState();
  const [reference, setReference] = useState('');
  const [theirReference, setTheirReference] = useState('');
  const [failure, setFailure] = useState<CheckoutFailure | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  /** Sent without a date: the warning stands until a date is chosen (derived, so choosing one clears it). */
  const [dateAsked, setDateAsked] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  /** One Idempotency-Key per attempt: kept while no answer came (a resend is the same attempt), new after an answer. */
  const attempt = useRef<string | null>(null);
  const inFlight = useRef(false);
  const failureRef = useRef<HTMLDivElement>(null);
  const dateErrorId = useId();

  const blocking = cart.messages.filter((m) => BLOCKING.has(m.code));
  const noDate = cart.deliveryDate === null;
  const refTooLong = reference.trim().length > ORDER_REFERENCE_MAX;
  const theirTooLong = theirReference.trim().length > ORDER_REFERENCE_MAX;

  const dateNotice = dateAsked && noDate;
  useEffect(() => {
    if (failure || notice || dateNotice) failureRef.current?.focus();
  }, [failure, notice, dateNotice]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (inFlight.current) return; // a double click never places two orders
    setFailure(null);
    setNotice(null);
    setDateAsked(noDate);
    if (noDate) return;
    if (refTooLong || theirTooLong || blocking.length > 0) return;
    if (!online) {
      setNotice(t('offline'));
      return;
    }
    inFlight.current = true;
    setSubmitting(true);
    try {
      // Waiting cart changes reach the server first, so the order is the cart the user sees.
      await syncController().syncNow();
      if ((await waitingCartChanges(offlineDb(), companyCode)) > 0) {
        setNotice(navigator.onLine ? t('waiting') : t('offline'));
        return;
      }
      attempt.current ??= uuidv7();
      const answer = await placeOrder(
        companyCode,
        { reference: reference.trim() || undefined, theirReference: theirReference.trim() || undefined },
        attempt.current,
      );
      attempt.current = null;
      rememberOrder(answer.order);
      cartDrawer.close();
      await navigate(paths.checkoutConfirmation, { state: { order: answer.order } });
    } catch (error) {
      const found = checkoutFailure(error);
      if (!found.noAnswer) attempt.current = null;
      setFailure(found.noAnswer ? { ...found, message: t('offline') } : found);
      // The server may have moved the date or found blocked lines: read the cart again.
      if (!found.noAnswer) void syncController().syncNow();
    } finally {
      inFlight.current = false;
      setSubmitting(false);
    }
  }

  const detail = company.data;
  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <div className="flex flex-col gap-8">
        {blocking.length > 0 && <CartMessages messages={blocking} />}

        <section aria-labelledby="delivery-heading" className="flex flex-col gap-4">
          <h2 id="delivery-heading" className="text-xl font-bold text-gray-950 dark:text-white">
            {t('delivery.heading')}
          </h2>
          <DeliveryDatePicker companyCode={companyCode} cart={cart} />
          {noDate && (
            <p id={dateErrorId} className="text-sm font-medium text-red-700 dark:text-red-300">
              {t('delivery.required')}
            </p>
          )}
          <div>
            <h3 className="text-sm font-semibold text-gray-800 dark:text-gray-100">{t('delivery.address')}</h3>
            {detail ? (
              detail.street || detail.city ? (
                <address className="mt-1 text-gray-800 not-italic dark:text-gray-200" data-testid="delivery-address">
                  {detail.name}
                  <br />
                  {detail.street}
                  <br />
                  {[detail.postalCode, detail.city].filter(Boolean).join(' ')}
                </address>
              ) : (
                <p className="mt-1 text-sm text-gray-700 dark:text-gray-300">{t('delivery.addressMissing')}</p>
              )
            ) : (
              <Spinner className="mt-1 size-5" label={t('loading')} />
            )}
          </div>
        </section>

        <section aria-labelledby="references-heading" className="flex flex-col gap-4">
          <h2 id="references-heading" className="text-xl font-bold text-gray-950 dark:text-white">
            {t('references.heading')}
          </h2>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label={t('references.reference')}
              description={t('references.referenceDescription')}
              value={reference}
              onChange={setReference}
              name="reference"
              errorMessage={refTooLong ? t('references.tooLong', { max: ORDER_REFERENCE_MAX }) : undefined}
            />
            <TextField
              label={t('references.theirReference')}
              description={t('references.theirReferenceDescription')}
              value={theirReference}
              onChange={setTheirReference}
              name="theirReference"
              errorMessage={theirTooLong ? t('references.tooLong', { max: ORDER_REFERENCE_MAX }) : undefined}
            />
          </div>
        </section>

        <section aria-labelledby="summary-heading" className="flex flex-col gap-3">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 id="summary-heading" className="text-xl font-bold text-gray-950 dark:text-white">
              {t('summary.heading')}{' '}
              <span className="text-base font-normal text-gray-600 dark:text-gray-400">
                ({t('summary.rows', { count: cart.itemCount })})
              </span>
            </h2>
            <Button variant="secondary" size="sm" onPress={cartDrawer.open}>
              {t('summary.edit')}
            </Button>
          </div>
          <div className="rounded-2xl border border-gray-200 bg-white px-4 dark:border-gray-700 dark:bg-gray-900">
            <CartLines companyCode={companyCode} items={cart.items} editable={false} />
          </div>
          <CartMessages messages={cart.messages.filter((m) => !BLOCKING.has(m.code))} />
        </section>
      </div>

      <aside className="flex flex-col gap-4 self-start rounded-2xl border border-gray-200 bg-white p-5 lg:sticky lg:top-24 dark:border-gray-700 dark:bg-gray-900">
        <CartTotals totals={cart.totals} estimated={cart.pending} />
        <div ref={failureRef} tabIndex={-1} className="outline-none">
          {failure && (
            <Alert tone="error" title={t('failed')}>
              <p>{failure.message}</p>
              {failure.lines.length > 0 && (
                <>
                  <p className="mt-2 font-semibold">{t('lines')}</p>
                  <ul className="list-disc pl-5">
                    {failure.lines.map((line) => (
                      <li key={line}>{line}</li>
                    ))}
                  </ul>
                </>
              )}
            </Alert>
          )}
          {dateNotice && <Alert tone="warning">{t('delivery.required')}</Alert>}
          {notice && <Alert tone="warning">{notice}</Alert>}
        </div>
        {!online && !notice && <Alert tone="info">{t('offline')}</Alert>}
        {blocking.length > 0 && <p className="text-sm text-gray-700 dark:text-gray-300">{t('blocked')}</p>}
        <Button
          type="submit"
          isPending={submitting}
          isDisabled={blocking.length > 0}
          aria-describedby={noDate ? dateErrorId : undefined}
          className="w-full"
          data-testid="place-order"
        >
          {submitting ? t('submitting') : t('submit')}
        </Button>
      </aside>
    </form>
  );
}
