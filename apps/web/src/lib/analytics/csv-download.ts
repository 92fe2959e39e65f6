// CSV export: an authorised fetch of /analytics/export/:table with the current filters, read as a stream (progress in
// bytes), saved under the server's file name. Runs as a mutation so a 401 goes through the app's one 401 handler.
import { contract, type EXPORT_TABLES } from '@cx/contracts';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { env } from '@/config/env';
import { session } from '@/lib/session';

export type TExportTable = (typeof EXPORT_TABLES)[number];

/** attachment; filename="staff_last30_Europe-London.csv" (or RFC 5987 filename*=UTF-8''…) → the name. */
export function fileNameFrom(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const star = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(disposition);
  if (star?.[1]) return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(disposition);
  return plain?.[1]?.trim() || fallback;
}

export function exportUrl(table: TExportTable, query: Record<string, string | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) search.set(key, value);
  const path = contract.analytics.exportCsv.path.replace(':table', table);
  const qs = search.toString();
  return `${env.apiBaseUrl}${path}${qs ? `?${qs}` : ''}`;
}

async function readWithProgress(response: Response, onBytes: (bytes: number) => void): Promise<Blob> {
  if (!response.body) return response.blob();
  const reader = response.body.getReader();
  const parts: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    received += value.byteLength;
    onBytes(received);
  }
  return new Blob(parts as BlobPart[], { type: 'text/csv' });
}

function saveFile(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handed to the browser's download.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

async function errorBody(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return { message: `The export failed (${response.status})` };
  }
}

/** An authorised fetch of a CSV `url`, read as a stream (`onBytes` counts what arrived) and saved under the server's name. */
export async function downloadCsv(url: string, fallbackName: string, onBytes: (bytes: number) => void) {
  onBytes(0);
  const response = await fetch(url, {
    headers: {
      authorization: session.authorizationHeader(),
      accept: 'text/csv',
      'ngrok-skip-browser-warning': 'true',
    },
  });
  // The shape tsr throws for a non-2xx answer, so api-error and the 401 handler read it the same way.
  if (!response.ok) throw { status: response.status, body: await errorBody(response), headers: response.headers };
  const blob = await readWithProgress(response, onBytes);
  const name = fileNameFrom(response.headers.get('content-disposition'), fallbackName);
  saveFile(blob, name);
  return { name, bytes: blob.size };
}

/** Starts a CSV download of any authorised URL (e.g. the audit log); `bytes` counts what has arrived while it runs. */
export function useCsvUrlDownload() {
  const [bytes, setBytes] = useState(0);
  const mutation = useMutation({
    mutationFn: ({ url, fallbackName }: { url: string; fallbackName: string }) =>
      downloadCsv(url, fallbackName, setBytes),
  });
  return { ...mutation, bytes };
}

/** Starts a CSV download of an analytics table; `bytes` counts what has arrived so far while it runs. */
export function useCsvDownload() {
  const [bytes, setBytes] = useState(0);
  const mutation = useMutation({
    mutationFn: ({ table, query }: { table: TExportTable; query: Record<string, string | undefined> }) =>
      downloadCsv(exportUrl(table, query), `${table}.csv`, setBytes),
  });
  return { ...mutation, bytes };
}

/** '12.4 KB' for the progress line. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
