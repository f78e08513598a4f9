/**
 * A list's items grouped by zone or account (with the company's zones and chart of accounts), the same for the
 * export, and the zones and accounts themselves.
 */
import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { chartAccounts, companyZones } from '../../db/schema';
import type { ChartAccount, CompanyZone, InventoryGroup, InventoryGroupsResponse } from '../../../contract/inventory';
import { groupInventoryItems, varianceTotal, walkThroughOrder } from '../../../contract/rules/inventory-items';
import type { CompanyRow } from '../../plugins/access';
import type { InventoryScope, ItemQuery } from './scope';

export function inventoryGroupCalls(db: DbOrTx, scope: InventoryScope) {
  const { listOf, summary, sortedItems } = scope;

  async function companyLookups(companyId: string) {
    const [zones, accounts] = await Promise.all([
      db
        .select({ id: companyZones.id, name: companyZones.name, sort: companyZones.sort })
        .from(companyZones)
        .where(eq(companyZones.companyId, companyId))
        .orderBy(asc(companyZones.sort), asc(companyZones.name)),
      db
        .select({ number: chartAccounts.number, name: chartAccounts.name, active: chartAccounts.active })
        .from(chartAccounts)
        .where(eq(chartAccounts.companyId, companyId))
        .orderBy(asc(chartAccounts.number)),
    ]);
    return { zones, accounts };
  }

  return {
    async groups(
      company: CompanyRow,
      listId: string,
      group: InventoryGroup,
      query: ItemQuery,
    ): Promise<InventoryGroupsResponse> {
      await listOf(company.id, listId);
      const [items, lookups] = await Promise.all([sortedItems(company.id, listId, query), companyLookups(company.id)]);
      const data = groupInventoryItems(items, group, lookups);
      return { group, data, stockValue: data.reduce((s, g) => s + g.subtotal, 0), varianceValue: varianceTotal(items) };
    },

    /**
     * Everything an export needs: the company, the list, its groups and lookups. Grouped by zone, each zone's items
     * come in its walking order, as the count screen walks them, so the printed list can be counted from top to
     * bottom (docs/decisions/0061); grouped by account they stay in name order (an account has no walk).
     */
    async exportData(company: CompanyRow, listId: string, group: InventoryGroup) {
      await listOf(company.id, listId);
      const [list, named, lookups] = await Promise.all([
        summary(company.id, listId),
        sortedItems(company.id, listId, {}),
        companyLookups(company.id),
      ]);
      const items = group === 'zone' ? [...named].sort(walkThroughOrder(lookups)) : named;
      return { company, list, groups: groupInventoryItems(items, group, lookups), group };
    },

    async chartOfAccounts(company: CompanyRow): Promise<ChartAccount[]> {
      return (await companyLookups(company.id)).accounts;
    },

    async zones(company: CompanyRow): Promise<CompanyZone[]> {
      return (await companyLookups(company.id)).zones;
    },
  };
}
