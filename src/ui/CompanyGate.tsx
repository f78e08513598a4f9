import type { ReactNode } from 'react';
import { useNoLinkedCompany } from '../api/session/no-linked-company';
import { Alert } from './Alert';
import { NoCompanyNotice } from './NoCompanyNotice';
import { Spinner } from './Spinner';

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
  if (company.code === null && noLinkedCompany) return <NoCompanyNotice className="mt-8 max-w-3xl" />;
  if (company.code === null) {
    return (
      <Alert tone="info" title={noCompany.title} className="mt-8 max-w-3xl">
        {noCompany.text}
      </Alert>
    );
  }
  return children(company.code);
}
