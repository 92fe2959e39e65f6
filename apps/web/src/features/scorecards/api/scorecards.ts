// Scorecard queries and actions through the contract: the card, the public card (and its complaints), share links, the PDF.
import { contract, type TScorecardQuery } from '@cx/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { env } from '@/config/env';
import { tsr } from '@/lib/api-client';
import { session } from '@/lib/session';

const KEY = ['scorecards'] as const;

export function useScorecard(staffId: string, query: TScorecardQuery, enabled = true) {
  return tsr.scorecards.get.useQuery({
    queryKey: [...KEY, staffId, query],
    queryData: { params: { staffId }, query },
    enabled,
  });
}

export function usePublicScorecard(token: string) {
  return tsr.scorecards.publicScorecard.useQuery({
    queryKey: [...KEY, 'public', token],
    queryData: { params: { token } },
    retry: false,
  });
}

/** Complaints naming the person of a shared scorecard (their right of reply). */
export function useStaffComplaints(token: string) {
  return tsr.caseLoop.staffCases.useQuery({
    queryKey: [...KEY, 'public', token, 'cases'],
    queryData: { params: { token } },
    retry: false,
  });
}

export function useAddSide(token: string) {
  const client = useQueryClient();
  return tsr.caseLoop.staffSide.useMutation({
    onSuccess: () => client.invalidateQueries({ queryKey: [...KEY, 'public', token, 'cases'] }),
  });
}

export function useShareLinks(staffId: string) {
  return tsr.scorecards.listShares.useQuery({
    queryKey: [...KEY, staffId, 'shares'],
    queryData: { params: { staffId } },
  });
}

export function useShareMutations(staffId: string) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: [...KEY, staffId, 'shares'] });
  const create = tsr.scorecards.createShare.useMutation({ onSuccess: refresh });
  const revoke = tsr.scorecards.revokeShare.useMutation({ onSuccess: refresh });
  return { create, revoke };
}

function pdfUrl(staffId: string, query: TScorecardQuery): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (typeof value === 'string' && value) search.set(key, value);
  const path = contract.scorecards.pdf.path.replace(':staffId', encodeURIComponent(staffId));
  const qs = search.toString();
  return `${env.apiBaseUrl}${path}${qs ? `?${qs}` : ''}`;
}

async function downloadPdf(staffId: string, query: TScorecardQuery): Promise<string> {
  const response = await fetch(pdfUrl(staffId, query), {
    headers: { authorization: session.authorizationHeader(), accept: 'application/pdf' },
  });
  if (!response.ok) {
    const body: unknown = await response
      .json()
      .catch(() => ({ message: `The download failed (${response.status})` }));
    throw { status: response.status, body };
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  const name = /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? 'scorecard.pdf';
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
  return name;
}

/** Downloads the card as a PDF (an authorised fetch, saved under the server's file name). */
export function usePdfDownload(staffId: string) {
  return useMutation({ mutationFn: (query: TScorecardQuery) => downloadPdf(staffId, query) });
}
