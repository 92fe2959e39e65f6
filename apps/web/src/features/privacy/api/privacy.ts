// The data-subject request calls (Owner/Admin): find/export what is held for one email or phone, and erase it.
import { tsr } from '@/lib/api-client';

export function usePrivacyRequests() {
  return {
    exportSubject: tsr.privacy.exportSubject.useMutation(),
    eraseSubject: tsr.privacy.eraseSubject.useMutation(),
  };
}

/** Saves the export as a JSON file in the browser (the data never leaves the member's machine otherwise). */
export function downloadJson(name: string, data: unknown): void {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
