import { lazy, Suspense, type ReactNode } from 'react';
import { useNoLinkedCompany } from '../api/session/no-linked-company';
import { Alert } from './Alert';
import { Spinner } from './Spinner';

// Shown to the few users without a linked company, after a read: its text's link needs react-i18next's Trans (4 KB
// gzip), which the lists of everyone else do not wait for (issue #17's 200 KB for /profil/inventering).
const NoCompanyNotice = lazy(() => import('./NoCompanyNotice').then((m) => ({ default: m.NoCompanyNotice })));

interface CompanyGateProps {
  /** The chosen company (useActiveCompany): its code, or still on its way after a login or an offline start-up. */
  company: { code: string | null; loading: boolean };
  loadingLabel: string;
  /** What the user reads when no company is chosen: nothing of a company's own is read without one (SPEC §5). */
  noCompany: { title: string; text: string };
  children: (companyCode: string) => ReactNode;
}

/** A screen of one company's data: a spinner while the company is on its way, a notice without one, else the screen. */
export function CompanyGate({ company, loadingLabel, noCompany, children }: CompanyGateProps) {
  const noLinkedCompany = useNoLinkedCompany(!company.loading && company.code === null);
  if (company.loading) {
    return (
      <div className="mt-10 flex justify-center text-primary-700 dark:text-primary-300">
        <Spinner className="size-8" label={loadingLabel} />
      </div>
    );
  }
  if (company.code === null && noLinkedCompany) {
    return (
      <Suspense fallback={<Spinner className="mt-8 size-6" label={loadingLabel} />}>
        <NoCompanyNotice className="mt-8 max-w-3xl" />
      </Suspense>
    );
  }
  if (company.code === null) {
    return (
      <Alert tone="info" title={noCompany.title} className="mt-8 max-w-3xl">
        {noCompany.text}
      </Alert>
    );
  }
  return children(company.code);
}
