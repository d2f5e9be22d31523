import { useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import type { ReportFilterInput } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { saveFile } from '../../../lib/save-file.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { useNotify } from '../../../lib/notify.tsx';
import { useExportReport } from '../api/report-queries.ts';
import { formatBytes } from '../lib/report-form.ts';

/** Spec §2.6, §7.1: exports the shown filter to Excel, with its progress and a cancel. */
export function ExportButton({
  tenantId,
  filter,
  disabled,
}: {
  tenantId: string;
  filter: ReportFilterInput;
  disabled: boolean;
}) {
  const { t } = useTranslation('reports');
  const lang = useLanguage();
  const notify = useNotify();
  const exporting = useExportReport(tenantId);
  const [received, setReceived] = useState(0);
  const abort = useRef<AbortController | null>(null);

  const start = async () => {
    const controller = new AbortController();
    abort.current = controller;
    setReceived(0);
    try {
      const file = await exporting.mutateAsync({
        filter,
        lang,
        signal: controller.signal,
        onProgress: setReceived,
      });
      saveFile(file.blob, file.fileName);
      notify.success(t('export.done', { fileName: file.fileName }));
    } catch {
      if (!controller.signal.aborted) notify.error(t('export.failed'));
    } finally {
      abort.current = null;
    }
  };

  return (
    <Stack spacing={0.5} sx={{ minInlineSize: { sm: 240 } }}>
      <Stack direction="row" spacing={1}>
        <Button
          variant="outlined"
          startIcon={<FileDownloadOutlined />}
          disabled={disabled || exporting.isPending}
          title={disabled ? t('export.disabled') : undefined}
          onClick={() => void start()}
        >
          {t('export.button')}
        </Button>
        {exporting.isPending && (
          <Button color="inherit" onClick={() => abort.current?.abort()}>
            {t('export.cancel')}
          </Button>
        )}
      </Stack>
      {exporting.isPending && (
        <Box role="status" aria-live="polite">
          <LinearProgress aria-label={t('export.preparing')} />
          <Typography variant="caption" color="text.secondary">
            {received > 0
              ? t('export.received', { size: formatBytes(received, lang) })
              : t('export.preparing')}
          </Typography>
        </Box>
      )}
    </Stack>
  );
}
