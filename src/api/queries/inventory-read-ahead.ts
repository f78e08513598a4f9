import { readAhead } from '../../offline/engine/read-ahead';
import { listPath } from '../../offline/inventory/requests';
import { api } from '../api';

/**
 * Asks for a list with its items as soon as the screen knows the company, before the offline engine has loaded
 * (decision 0089): the engine's first refresh takes this answer instead of asking again, when it holds every change the
 * drain sent. The answer is checked (zod) there, not here: this module stays out of the screen's first load.
 */
export function readListAhead(companyCode: string, listId: string, userId: string): void {
  // The engine's own path for the list: the early read is found by it.
  const path = listPath(companyCode, listId);
  readAhead(path, userId, () =>
    api.request(path).then(
      (body) => ({ status: 200, body }),
      () => null,
    ),
  );
}
