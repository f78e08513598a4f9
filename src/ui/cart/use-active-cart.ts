import { useActiveCompany } from '../../api/session/hooks';
import { useCart, type CartView } from '../../offline/cart/hooks';

/** The chosen company's cart from the device's mirror (see `useCart`), with the company code. */
export function useActiveCart(): { companyCode: string | null; companyLoading: boolean; view: CartView | undefined } {
  const company = useActiveCompany();
  const view = useCart(company.code);
  return { companyCode: company.code, companyLoading: company.loading, view };
}
