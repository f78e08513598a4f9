import { useState } from 'react';
import { COMPANY_PAGE_SIZE, type Company } from '../../../../contract/customer';
import { CompanyList } from './CompanyList';

interface CustomerCompaniesProps {
  companies: Company[];
  currentCode: string | null;
  pendingCode: string | undefined;
  onChoose: (company: Company) => void;
}

/** A customer's own companies, shown 5 at a time like the staff list. */
export function CustomerCompanies({ companies, currentCode, pendingCode, onChoose }: CustomerCompaniesProps) {
  const [pages, setPages] = useState(1);
  const shown = companies.slice(0, pages * COMPANY_PAGE_SIZE);
  return (
    <CompanyList
      companies={shown}
      total={companies.length}
      hasMore={shown.length < companies.length}
      onShowMore={() => setPages((p) => p + 1)}
      currentCode={currentCode}
      pendingCode={pendingCode}
      onChoose={onChoose}
    />
  );
}
