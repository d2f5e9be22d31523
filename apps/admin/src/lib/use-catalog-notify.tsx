import { useMemo } from 'react';
import IconButton from '@mui/material/IconButton';
import CloseIcon from '@mui/icons-material/Close';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { SNACKBAR_ANCHOR, useNotify } from './notify.tsx';

/** menu-management.md §9: snackbars stay 3 s, or 20 s for errors. */
export const CATALOG_SNACKBAR = { success: 3_000, error: 20_000 } as const;

/** The snackbars of menu-management.md §8. */
export function useCatalogNotify() {
  const { t } = useTranslation('catalog');
  const notify = useNotify();
  const { enqueueSnackbar, closeSnackbar } = useSnackbar();

  return useMemo(() => {
    const success = (message: string) =>
      notify.success(message, { duration: CATALOG_SNACKBAR.success });
    /** An error with a close action. */
    const error = (message: string) =>
      enqueueSnackbar(message, {
        variant: 'error',
        anchorOrigin: SNACKBAR_ANCHOR,
        autoHideDuration: CATALOG_SNACKBAR.error,
        action: (key) => (
          <IconButton
            size="small"
            color="inherit"
            aria-label={t('actions.close')}
            onClick={() => closeSnackbar(key)}
          >
            <CloseIcon fontSize="small" />
          </IconButton>
        ),
      });
    return {
      /** A success in the area's own words (price adjustments name theirs). */
      success,
      created: () => success(t('snackbar.created_successfully')),
      updated: () => success(t('snackbar.updated_successfully')),
      deleted: () => success(t('snackbar.deleted_successfully')),
      done: () => success(t('snackbar.success')),
      error,
      /** A save that failed (logged); the form keeps what the user typed. */
      saveFailed: (cause: unknown) => {
        console.error('catalogue save failed', cause);
        error(t('snackbar.error_unable_to_save'));
      },
      /** Item visibility and item saves: 20 s with a refresh action. */
      saveFailedWithRefresh: (cause: unknown) => {
        console.error('catalogue save failed', cause);
        notify.errorWithRefresh(t('snackbar.error_unable_to_save'), {
          duration: CATALOG_SNACKBAR.error,
        });
      },
      loadFailed: (cause: unknown) => {
        console.error('catalogue load failed', cause);
        notify.errorWithRefresh(t('snackbar.error_please_refresh'), {
          duration: CATALOG_SNACKBAR.error,
        });
      },
      deleteSectionRefused: () => error(t('snackbar.error_unable_to_delete_remove_children')),
    };
  }, [t, notify, enqueueSnackbar, closeSnackbar]);
}

export type CatalogNotify = ReturnType<typeof useCatalogNotify>;
