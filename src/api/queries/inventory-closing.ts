import { inventoryList, type InventoryList } from '../../../contract/inventory';
import { inventory, pathTo } from '../../../contract/routes';
import { api } from '../api';
import { syncController } from '../session/sync';

/**
 * POST …/inventory-list/:id/reopen — online only (decision 0062): reopening undoes a review, so it is not queued to
 * happen later behind the user's back. The mirror reads the list again afterwards, and refused counts can be retried.
 */
export async function reopenInventoryList(companyCode: string, listId: string): Promise<InventoryList> {
  const list = await api.request(pathTo(inventory.reopen, { companyCode, id: listId }), {
    method: 'POST',
    schema: inventoryList,
  });
  await syncController().syncNow();
  return list;
}
