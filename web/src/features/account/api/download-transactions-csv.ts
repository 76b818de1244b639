import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { saveBlob } from '@/lib/download';
import type { MutationConfig } from '@/lib/react-query';

export const CSV_FILE_NAME = 'stimmwerk-buchungen.csv';

/** `GET /api/account/transactions.csv` → saved as `stimmwerk-buchungen.csv`. */
export async function downloadTransactionsCsv(): Promise<void> {
  const blob = await api.blob('/api/account/transactions.csv');
  saveBlob(blob, CSV_FILE_NAME);
}

export function useDownloadTransactionsCsv({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof downloadTransactionsCsv> } = {}) {
  return useMutation({ ...mutationConfig, mutationFn: downloadTransactionsCsv });
}
