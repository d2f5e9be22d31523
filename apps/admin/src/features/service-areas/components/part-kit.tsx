import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../../lib/notify.tsx';
import { useQrDownload } from '../api/service-areas-queries.ts';
import { serverCodes } from '../lib/field-errors.ts';
import { saveFile } from '../lib/save-file.ts';

// What the service areas page's parts share: the branch, a dialog's save, titles, QR downloads.

export type Branch = { tenantId: string; branchId: string };

/**
 * A dialog's save: a failure rethrows (the dialog stays and shows the fields' codes) and is
 * said in a snackbar only when no field tells it; a success says `done` and closes the dialog.
 */
export function useSaveThen() {
  const { t } = useTranslation('serviceAreas');
  const notify = useNotify();
  return async (
    run: () => Promise<unknown>,
    done: string,
    close: () => void,
    failed: string = t('snackbar.unableToSave'),
  ) => {
    try {
      await run();
    } catch (err) {
      if (!serverCodes(err)) notify.error(failed);
      throw err;
    }
    notify.success(done);
    close();
  };
}

export function PartTitle({
  children,
  action,
  addLabel,
  onAdd,
}: {
  children: string;
  action?: React.ReactNode;
  /** A part whose action is Add. */
  addLabel?: string;
  onAdd?: () => void;
}) {
  return (
    <Stack
      direction="row"
      spacing={1}
      sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}
    >
      <Typography variant="h6" component="h2">
        {children}
      </Typography>
      {action}
      {onAdd && (
        <Button startIcon={<AddIcon />} variant="contained" onClick={onAdd}>
          {addLabel}
        </Button>
      )}
    </Stack>
  );
}

/** Downloads QR codes; the snackbars of §8. */
export function useDownload(branch: Branch, kind: 'tables' | 'links') {
  const { t } = useTranslation('serviceAreas');
  const notify = useNotify();
  const qr = useQrDownload(branch, kind);
  return {
    pending: qr.isPending,
    download: (ids: string[], qrColor: string) =>
      qr.mutate(
        { ids, qrColor },
        {
          onSuccess: (file) => {
            saveFile(file, ids.length === 1 ? 'qr-code.png' : 'qr-codes.zip');
            notify.success(t('qr.created'));
          },
          onError: () => notify.errorWithRefresh(),
        },
      ),
  };
}
