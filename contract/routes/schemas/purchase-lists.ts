import { z } from 'zod';
import {
  addPurchaseListItemBody,
  createPurchaseListBody,
  purchaseListDetail,
  purchaseListItemAnswer,
  purchaseListItemParams,
  purchaseListItemsQuery,
  purchaseListItemsResponse,
  purchaseListParams,
  purchaseListsQuery,
  purchaseListsResponse,
  renamePurchaseListBody,
  updatePurchaseListItemBody,
} from '../../purchase-lists';
import { purchaseLists as calls } from '../purchase-lists';
import { describe, errors, security } from './describe';

const tags = ['purchase-lists'];

export const purchaseLists = describe(calls, {
  lists: {
    tags,
    summary: "A company's purchase lists (the company filter is required), by name",
    security,
    querystring: purchaseListsQuery,
    response: { 200: purchaseListsResponse, ...errors },
  },
  create: {
    tags,
    summary: 'Create a purchase list (a client id may be given)',
    security,
    body: createPurchaseListBody,
    response: { 201: purchaseListDetail, ...errors },
  },
  detail: {
    tags,
    summary: 'One list with its items',
    security,
    params: purchaseListParams,
    querystring: purchaseListItemsQuery,
    response: { 200: purchaseListDetail, ...errors },
  },
  rename: {
    tags,
    summary: 'Rename a list',
    security,
    params: purchaseListParams,
    body: renamePurchaseListBody,
    response: { 200: purchaseListDetail, ...errors },
  },
  remove: {
    tags,
    summary: 'Delete a list and its items',
    security,
    params: purchaseListParams,
    response: { 204: z.null(), ...errors },
  },
  items: {
    tags,
    summary: "A list's items, sorted by name, date, quantity or brand",
    security,
    params: purchaseListParams,
    querystring: purchaseListItemsQuery,
    response: { 200: purchaseListItemsResponse, ...errors },
  },
  addItem: {
    tags,
    summary: 'Add an article by product id, article number or EAN (refused if already in the list)',
    security,
    params: purchaseListParams,
    body: addPurchaseListItemBody,
    response: { 201: purchaseListItemAnswer, ...errors },
  },
  reset: {
    tags,
    summary: "Reset: every item's quantity back to 0, the articles kept",
    security,
    params: purchaseListParams,
    response: { 200: purchaseListDetail, ...errors },
  },
  updateItem: {
    tags,
    summary: "Change an item's quantity (not in the spec's list of calls; see docs/decisions)",
    security,
    params: purchaseListItemParams,
    body: updatePurchaseListItemBody,
    response: { 200: purchaseListItemAnswer, ...errors },
  },
  removeItem: {
    tags,
    summary: 'Remove an item from a list',
    security,
    params: purchaseListItemParams,
    response: { 204: z.null(), ...errors },
  },
});
