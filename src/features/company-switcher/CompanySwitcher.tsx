import { lazy, Suspense, useEffect, useState } from 'react';
import { useCurrentUser } from '../../api/session/hooks';
import { useCompanySwitcherOpen } from './switcher-store';
import { useAutoOpen } from './use-auto-open';

/** The modal's code loads the first time it opens, keeping the first page load small. */
const CompanySwitcherModal = lazy(() =>
  import('./CompanySwitcherModal').then((m) => ({ default: m.CompanySwitcherModal })),
);

/** Mounted once by the app layout: opens the switcher by itself when needed (SPEC §2) and hosts it. */
export function CompanySwitcher() {
  const { data: user } = useCurrentUser();
  useAutoOpen(user);
  const isOpen = useCompanySwitcherOpen();
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    if (isOpen) setLoaded(true);
  }, [isOpen]);

  if (!user || !(isOpen || loaded)) return null;
  return (
    <Suspense fallback={null}>
      <CompanySwitcherModal />
    </Suspense>
  );
}
