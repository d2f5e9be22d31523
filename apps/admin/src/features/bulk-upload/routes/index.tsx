import type { RouteObject } from 'react-router';
import { lazyPage } from '../../../lib/lazy-page.ts';
import { paths } from '../../../lib/paths.ts';

const bulkUploadPage = lazyPage(
  () => import('./bulk-upload-page.tsx'),
  (m) => m.BulkUploadPage,
  ['bulkUpload'],
);

/** bulk-upload (menu-management §2 screen 13), the store owner's. */
export const bulkUploadRoutes: RouteObject[] = [{ path: paths.bulkUpload, lazy: bulkUploadPage }];
