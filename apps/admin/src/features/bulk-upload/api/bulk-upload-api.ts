import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bulkUploadRoutes, type BulkUploadResult } from '@app/contracts';
import { saveFile } from '../../../lib/save-file.ts';
import { callApiFile, callApiUpload } from '../../../lib/api-client.ts';
import { catalogKeys } from '../../../lib/catalog-queries.ts';

/** POST {base}/bulk-upload (multipart field "file"), with the upload's progress. */
export function uploadMenu(
  tenantId: string,
  file: File,
  onProgress: (fraction: number) => void,
): Promise<BulkUploadResult> {
  const form = new FormData();
  form.append('file', file, file.name);
  return callApiUpload(bulkUploadRoutes.upload, { params: { tenantId }, form }, { onProgress });
}

/** The xlsx template, saved under the name the server gives it. */
export async function downloadTemplate(tenantId: string): Promise<void> {
  const { blob, fileName } = await callApiFile(
    bulkUploadRoutes.template,
    { params: { tenantId } },
    { fallbackName: 'menu-bulk-upload-template.xlsx' },
  );
  saveFile(blob, fileName);
}

/** The tenant's menu in the upload format (each row with its ids), saved as the server names it. */
export async function downloadMenu(tenantId: string): Promise<void> {
  const { blob, fileName } = await callApiFile(
    bulkUploadRoutes.menu,
    { params: { tenantId } },
    { fallbackName: 'menu.xlsx' },
  );
  saveFile(blob, fileName);
}

/** Uploads a menu; the catalogue's caches read again, whatever was added. */
export function useUploadMenu(tenantId: string, onProgress: (fraction: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadMenu(tenantId, file, onProgress),
    onSettled: () => queryClient.invalidateQueries({ queryKey: catalogKeys.all(tenantId) }),
  });
}
