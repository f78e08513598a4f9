import { queryOptions } from '@tanstack/react-query';
import {
  chartOfAccountsResponse,
  shortfallResponse,
  zonesResponse,
  type InventoryGroup,
} from '../../../contract/inventory';
import { api } from '../api';
import { inventory, pathTo } from '../../../contract/routes';

// Inventory lists and their items are mirrored data (src/offline/inventory): read from Dexie, never from here. These
// are the server-only calls around them.

/** GET /v1/company/:code/chart-of-account — the company's accounts. */
export const chartOfAccountsQuery = (companyCode: string) =>
  queryOptions({
    queryKey: ['inventory', 'accounts', companyCode] as const,
    queryFn: ({ signal }) =>
      api
        .request(pathTo(inventory.chartOfAccounts, { companyCode }), { schema: chartOfAccountsResponse, signal })
        .then((r) => r.data),
    staleTime: 10 * 60_000,
  });

/** GET /v1/company/:code/zones — the company's storage zones in their order. */
export const zonesQuery = (companyCode: string) =>
  queryOptions({
    queryKey: ['inventory', 'zones', companyCode] as const,
    queryFn: ({ signal }) =>
      api.request(pathTo(inventory.zones, { companyCode }), { schema: zonesResponse, signal }).then((r) => r.data),
    staleTime: 10 * 60_000,
  });

/** GET /v1/company/:code/inventory-list/:id/shortfall — the server's shortfall (the screen computes its own offline). */
export const shortfallQuery = (companyCode: string, listId: string) =>
  queryOptions({
    queryKey: ['inventory', 'shortfall', companyCode, listId] as const,
    queryFn: ({ signal }) =>
      api
        .request(pathTo(inventory.shortfall, { companyCode, id: listId }), {
          schema: shortfallResponse,
          signal,
        })
        .then((r) => r.data),
  });

export type ExportFormat = 'excel' | 'pdf';

export interface DownloadedFile {
  blob: Blob;
  fileName: string;
}

/** The file name from Content-Disposition (RFC 6266 `filename*` first), else a fallback. */
export function fileNameOf(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim());
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/.exec(header);
  return plain?.[1]?.trim() || fallback;
}

/**
 * GET /v1/company/:code/inventory-list/:id/export/excel|pdf as a file, with the Bearer token (a plain link cannot send
 * it) and the API client's rules: one renewal and one retry on 401, errors as ApiError. `onProgress` gets the share
 * received (0–1), or null while the size is unknown (the server makes the file first).
 */
export async function downloadInventoryExport(
  companyCode: string,
  listId: string,
  format: ExportFormat,
  options: { group?: InventoryGroup; signal?: AbortSignal; onProgress?: (share: number | null) => void } = {},
): Promise<DownloadedFile> {
  options.onProgress?.(null);
  const response = await api.response(
    pathTo(format === 'excel' ? inventory.exportExcel : inventory.exportPdf, { companyCode, id: listId }),
    { query: { group: options.group }, ...(options.signal ? { signal: options.signal } : {}) },
  );

  const total = Number(response.headers.get('Content-Length') ?? 0);
  const type = response.headers.get('Content-Type') ?? 'application/octet-stream';
  const fileName = fileNameOf(
    response.headers.get('Content-Disposition'),
    `inventering.${format === 'excel' ? 'xlsx' : 'pdf'}`,
  );
  if (!response.body) return { blob: await response.blob(), fileName };
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.byteLength;
    options.onProgress?.(total > 0 ? Math.min(1, received / total) : null);
  }
  options.onProgress?.(1);
  return { blob: new Blob(chunks as BlobPart[], { type }), fileName };
}
