import { PurchaseListPage } from '../../features/purchase-lists/PurchaseListPage';
import { AddAllToCart } from '../../ui/cart/AddAllToCart';

/** /profil/inkopslistor/{id} with the cart's "Lägg alla i varukorgen" (the feature itself knows no cart). */
export function PurchaseListRoute() {
  return <PurchaseListPage addAllToCart={({ list, items }) => <AddAllToCart list={list} items={items} />} />;
}
