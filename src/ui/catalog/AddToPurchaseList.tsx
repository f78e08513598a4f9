import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsAuthenticated } from '../../api/session/hooks';
import { preloadable } from '../../lib/preloadable';
import { whenIdle } from '../../lib/when-idle';
import { Button } from '../Button';
import { cx } from '../cx';
import type { AddableProduct } from './AddToPurchaseListDialog';

export type { AddableProduct } from './AddToPurchaseListDialog';

/**
 * The dialog (React Aria's modal, the purchase lists from the offline engine's mirror) is a chunk of its own: the
 * button is all a page shows until it is pressed (docs/decisions/0021-first-load-budget.md). Its code is fetched when
 * the pointer or focus reaches the button, when it is pressed, or once the page is idle for a logged-in visitor.
 */
const dialog = preloadable(() => import('./AddToPurchaseListDialog').then((m) => m.AddToPurchaseListDialog));
const preloadDialog = () =>
  dialog.preload().then(
    () => true,
    () => false,
  );

export interface AddToPurchaseListProps {
  product: AddableProduct;
  /** 'md' on the product page, 'sm' in cards. */
  size?: 'sm' | 'md';
  className?: string;
}

/**
 * "Lägg i inköpslista": a dialog that lists the chosen company's purchase lists (from the device's mirror, so it works
 * offline) and adds the product to one of them through the offline engine. A list that already has the article is
 * marked; choosing it anyway is refused with the spec's hint next to the choice.
 */
export function AddToPurchaseList({ product, size = 'md', className }: AddToPurchaseListProps) {
  const { t } = useTranslation('catalog');
  const authenticated = useIsAuthenticated();
  const [open, setOpen] = useState(false);
  /** The dialog is drawn from the first press on (so that it can close the way it opens); pending until its code is here. */
  const [mounted, setMounted] = useState(false);
  const [loading, setLoading] = useState(false);

  useEffect(() => (authenticated ? whenIdle(() => void preloadDialog()) : undefined), [authenticated]);

  const openDialog = () => {
    setMounted(true);
    setLoading(true);
    // A chunk that cannot load reloads the page (lib/chunk-reload.ts); until then the button is as it was.
    void preloadDialog().then((loaded) => {
      setLoading(false);
      setOpen(loaded);
    });
  };

  return (
    <>
      <Button
        variant="secondary"
        size={size}
        className={cx('w-full sm:w-auto', className)}
        onHoverStart={() => void preloadDialog()}
        onFocus={() => void preloadDialog()}
        onPress={openDialog}
        isPending={loading}
        data-testid="add-to-purchase-list"
      >
        <svg viewBox="0 0 20 20" fill="currentColor" aria-hidden="true" className="size-5">
          <path d="M3 4.75A.75.75 0 0 1 3.75 4h12.5a.75.75 0 0 1 0 1.5H3.75A.75.75 0 0 1 3 4.75Zm0 5A.75.75 0 0 1 3.75 9h7.5a.75.75 0 0 1 0 1.5h-7.5A.75.75 0 0 1 3 9.75Zm0 5a.75.75 0 0 1 .75-.75h5.5a.75.75 0 0 1 0 1.5h-5.5a.75.75 0 0 1-.75-.75ZM15.25 11a.75.75 0 0 1 .75.75V14h2.25a.75.75 0 0 1 0 1.5H16v2.25a.75.75 0 0 1-1.5 0V15.5h-2.25a.75.75 0 0 1 0-1.5h2.25v-2.25a.75.75 0 0 1 .75-.75Z" />
        </svg>
        {t('purchaseList.add')}
      </Button>
      {mounted && (
        <Suspense fallback={null}>
          <dialog.Component product={product} isOpen={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
