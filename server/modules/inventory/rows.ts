/**
 * The rows the inventory queries read and how they become the contract's answers: a list with its totals, an item with
 * its previous quantity and variance, a count event.
 */
import inventoryTexts from '../../../locales/sv/inventory.json' with { type: 'json' };
import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  chartAccounts,
  companies,
  companyProducts,
  inventoryCountEvents,
  inventoryListItems,
  inventoryLists,
  products,
  users,
} from '../../db/schema';
import type {
  InventoryCount,
  InventoryList,
  InventoryListItem,
  InventoryUnit,
  UserRef,
} from '../../../contract/inventory';
import {
  fromMilliPieces,
  toMilli,
  toMilliPieces,
  valueOf,
  varianceOf,
  type MergeEvent,
} from '../../../contract/rules/count';
import { fullName } from '../../lib/text';

/** The name shown for a user who no longer exists (locales/sv/inventory.json). */
const DELETED_USER = inventoryTexts.items.deletedUser;

export const previous = alias(inventoryListItems, 'previous_item');
export const previousList = alias(inventoryLists, 'previous_list');
/** The user who closed a list (joined on `inventory_lists.closed_by`). */
export const closer = alias(users, 'closer');

const itemCount = sql<number>`(select count(*)::int from ${inventoryListItems} where ${inventoryListItems.listId} = ${inventoryLists.id})`;
const countedCount = sql<number>`(select count(*)::int from ${inventoryListItems} where ${inventoryListItems.listId} = ${inventoryLists.id} and ${inventoryListItems.countCount} > 0)`;
// round(numeric) rounds halves away from zero, as valueOf() does.
const stockValue = sql<string>`(select coalesce(sum(round(${inventoryListItems.quantity} * ${inventoryListItems.price})), 0)::text from ${inventoryListItems} where ${inventoryListItems.listId} = ${inventoryLists.id})`;

export const listColumns = {
  id: inventoryLists.id,
  companyId: inventoryLists.companyId,
  companyCode: companies.code,
  name: inventoryLists.name,
  dateFrom: inventoryLists.dateFrom,
  dateTo: inventoryLists.dateTo,
  previousListId: inventoryLists.previousListId,
  previousListName: previousList.name,
  itemCount,
  countedCount,
  stockValue,
  createdAt: inventoryLists.createdAt,
  updatedAt: inventoryLists.updatedAt,
  firstName: users.firstName,
  lastName: users.lastName,
  closedAt: inventoryLists.closedAt,
  reopenedAt: inventoryLists.reopenedAt,
  version: inventoryLists.version,
  wholeFrom: inventoryLists.wholeFrom,
  closerFirstName: closer.firstName,
  closerLastName: closer.lastName,
};
export type ListRow = {
  id: string;
  companyId: string;
  companyCode: string;
  name: string;
  dateFrom: string | null;
  dateTo: string | null;
  previousListId: string | null;
  previousListName: string | null;
  itemCount: number;
  countedCount: number;
  stockValue: string;
  createdAt: Date;
  updatedAt: Date;
  firstName: string | null;
  lastName: string | null;
  closedAt: Date | null;
  reopenedAt: Date | null;
  version: number;
  wholeFrom: number;
  closerFirstName: string | null;
  closerLastName: string | null;
};

export function toList(row: ListRow): InventoryList {
  return {
    id: row.id,
    companyCode: row.companyCode,
    name: row.name,
    dateFrom: row.dateFrom,
    dateTo: row.dateTo,
    previousListId: row.previousListId,
    previousListName: row.previousListName,
    itemCount: row.itemCount,
    countedCount: row.countedCount,
    stockValue: Number(row.stockValue),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    createdBy: fullName(row.firstName, row.lastName),
    closedAt: row.closedAt?.toISOString() ?? null,
    closedBy: row.closedAt ? fullName(row.closerFirstName, row.closerLastName) : null,
    reopenedAt: row.reopenedAt?.toISOString() ?? null,
    version: row.version,
  };
}

export const itemColumns = {
  id: inventoryListItems.id,
  listId: inventoryListItems.listId,
  productId: inventoryListItems.productId,
  companyProductId: inventoryListItems.companyProductId,
  articleNumber: inventoryListItems.articleNumber,
  name: inventoryListItems.name,
  unit: inventoryListItems.unit,
  piecesPerCarton: inventoryListItems.piecesPerCarton,
  quantity: inventoryListItems.quantity,
  price: inventoryListItems.price,
  account: inventoryListItems.account,
  accountName: chartAccounts.name,
  zone: inventoryListItems.zone,
  parLevel: inventoryListItems.parLevel,
  previousQuantity: previous.quantity,
  previousUnit: previous.unit,
  previousPiecesPerCarton: previous.piecesPerCarton,
  countCount: inventoryListItems.countCount,
  lastCountedAt: inventoryListItems.lastCountedAt,
  lastSetAt: inventoryListItems.lastSetAt,
  lastSetBy: inventoryListItems.lastSetBy,
  lastCountedBy: inventoryListItems.lastCountedBy,
  walkPosition: inventoryListItems.walkPosition,
  acceptedAt: inventoryListItems.acceptedAt,
  countedBy: inventoryListItems.countedBy,
  conflict: inventoryListItems.conflict,
  productGtinPiece: products.gtinPiece,
  productGtinCarton: products.gtinCarton,
  ownGtin: companyProducts.gtin,
  createdAt: inventoryListItems.createdAt,
  updatedAt: inventoryListItems.updatedAt,
};
export type ItemRow = {
  id: string;
  listId: string;
  productId: string | null;
  companyProductId: string | null;
  articleNumber: string;
  name: string;
  unit: InventoryUnit;
  piecesPerCarton: number;
  quantity: string;
  price: number;
  account: string | null;
  accountName: string | null;
  zone: string | null;
  parLevel: string | null;
  previousQuantity: string | null;
  previousUnit: InventoryUnit | null;
  previousPiecesPerCarton: number | null;
  countCount: number;
  lastCountedAt: Date | null;
  lastSetAt: Date | null;
  lastSetBy: string | null;
  lastCountedBy: string | null;
  walkPosition: number | null;
  acceptedAt: Date | null;
  countedBy: string[];
  conflict: boolean;
  productGtinPiece: string | null;
  productGtinCarton: string | null;
  ownGtin: string | null;
  createdAt: Date;
  updatedAt: Date;
};

export function toItem(row: ItemRow, names: Map<string, string>): InventoryListItem {
  const quantity = Number(row.quantity);
  const ref = (id: string): UserRef => ({ id, name: names.get(id) ?? DELETED_USER });
  let previousQuantity: number | null = null;
  if (row.previousQuantity !== null && row.previousUnit !== null) {
    const pieces = toMilliPieces(Number(row.previousQuantity), row.previousUnit, row.previousPiecesPerCarton ?? 1);
    previousQuantity = fromMilliPieces(pieces, row.unit, row.piecesPerCarton);
  }
  const variance = previousQuantity === null ? null : varianceOf(quantity, previousQuantity);
  return {
    id: row.id,
    listId: row.listId,
    productId: row.productId,
    companyProductId: row.companyProductId,
    articleNumber: row.articleNumber,
    name: row.name,
    unit: row.unit,
    piecesPerCarton: row.piecesPerCarton,
    gtinPiece: row.productGtinPiece ?? row.ownGtin,
    gtinCarton: row.productGtinCarton,
    quantity,
    price: row.price,
    stockValue: valueOf(quantity, row.price),
    account: row.account,
    accountName: row.accountName,
    zone: row.zone,
    parLevel: row.parLevel === null ? null : Number(row.parLevel),
    previousQuantity,
    variance,
    varianceValue: variance === null ? null : valueOf(variance, row.price),
    counted: row.countCount > 0,
    countCount: row.countCount,
    lastCountedAt: row.lastCountedAt?.toISOString() ?? null,
    lastSetAt: row.lastSetAt?.toISOString() ?? null,
    lastSetBy: row.lastSetBy ? ref(row.lastSetBy) : null,
    lastCountedBy: row.lastCountedBy ? ref(row.lastCountedBy) : null,
    walkPosition: row.walkPosition,
    acceptedAt: row.acceptedAt?.toISOString() ?? null,
    countedBy: row.countedBy.map(ref),
    conflict: row.conflict,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export type EventRow = typeof inventoryCountEvents.$inferSelect;

export function toMergeEvent(e: EventRow): MergeEvent {
  return { id: e.id, kind: e.kind, countedAt: e.countedAt, milliPieces: toMilli(e.pieces), userId: e.userId };
}

export function toCount(e: EventRow, names: Map<string, string>, effective: Set<string>): InventoryCount {
  return {
    id: e.id,
    itemId: e.itemId,
    kind: e.kind,
    value: Number(e.value),
    unit: e.unit,
    pieces: Number(e.pieces),
    countedAt: e.countedAt.toISOString(),
    receivedAt: e.receivedAt.toISOString(),
    deviceId: e.deviceId,
    user: e.userId ? { id: e.userId, name: names.get(e.userId) ?? DELETED_USER } : null,
    effective: effective.has(e.id),
  };
}
