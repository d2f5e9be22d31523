import { useMemo } from 'react';
import Button from '@mui/material/Button';
import { useSnackbar, type SnackbarOrigin } from 'notistack';
import { useTranslation } from 'react-i18next';

/** Spec §9: success 2 s, default 10 s, error-with-refresh 20 s (fee messages use 30 s). */
export const SNACKBAR_DURATION = {
  success: 2_000,
  default: 10_000,
  errorWithRefresh: 20_000,
  fee: 30_000,
} as const;

export const SNACKBAR_ANCHOR: SnackbarOrigin = { vertical: 'top', horizontal: 'center' };

export interface NotifyOptions {
  /** Overrides the kind's standard duration, in milliseconds. */
  duration?: number;
}

export interface Notify {
  success(message: string, options?: NotifyOptions): void;
  info(message: string, options?: NotifyOptions): void;
  error(message: string, options?: NotifyOptions): void;
  /** The generic load/save failure (spec §8): a Refresh action reloads the page. */
  errorWithRefresh(message?: string, options?: NotifyOptions): void;
}

export function reloadPage(): void {
  window.location.reload();
}

export function useNotify(): Notify {
  const { enqueueSnackbar } = useSnackbar();
  const { t } = useTranslation();
  return useMemo(
    () => ({
      success: (message, options) =>
        enqueueSnackbar(message, {
          variant: 'success',
          anchorOrigin: SNACKBAR_ANCHOR,
          autoHideDuration: options?.duration ?? SNACKBAR_DURATION.success,
        }),
      info: (message, options) =>
        enqueueSnackbar(message, {
          variant: 'default',
          anchorOrigin: SNACKBAR_ANCHOR,
          autoHideDuration: options?.duration ?? SNACKBAR_DURATION.default,
        }),
      error: (message, options) =>
        enqueueSnackbar(message, {
          variant: 'error',
          anchorOrigin: SNACKBAR_ANCHOR,
          autoHideDuration: options?.duration ?? SNACKBAR_DURATION.default,
        }),
      errorWithRefresh: (message, options) =>
        enqueueSnackbar(message ?? t('snackbar.pleaseRefresh'), {
          variant: 'error',
          anchorOrigin: SNACKBAR_ANCHOR,
          autoHideDuration: options?.duration ?? SNACKBAR_DURATION.errorWithRefresh,
          action: () => (
            <Button color="inherit" size="small" onClick={reloadPage}>
              {t('snackbar.refresh')}
            </Button>
          ),
        }),
    }),
    [enqueueSnackbar, t],
  );
}
