import { useEffect } from 'react';
import type { CurrentUser } from '../../../contract/customer';
import { noCompanySeen } from '../../api/session/no-linked-company';
import { companySwitcher } from './switcher-store';

/** SPEC §9: modal auto-open delay 3000 ms. */
export const AUTO_OPEN_DELAY_MS = 3000;

/**
 * SPEC §2: opens about 3 seconds after start when the user is authenticated and no company is chosen,
 * and when the user first becomes known (after login).
 */
export function useAutoOpen(user: CurrentUser | undefined): void {
  const userId = user?.id;
  const hasCompany = user ? user.defaultCompany !== null : true;
  useEffect(() => {
    if (!userId || hasCompany || companySwitcher.autoOpened || noCompanySeen.has(userId)) return;
    const timer = setTimeout(companySwitcher.autoOpen, AUTO_OPEN_DELAY_MS);
    return () => clearTimeout(timer);
  }, [userId, hasCompany]);
}
