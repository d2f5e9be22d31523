import { useId, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import { useTranslation } from 'react-i18next';
import {
  BULK_UPLOAD_FILE_CODES,
  BULK_UPLOAD_LIMITS,
  XLSX_CONTENT_TYPE,
  type BulkUploadFileCode,
  type BulkUploadResult,
} from '@app/contracts';
import { ApiError, ValidationError } from '../../../lib/api-client.ts';
import { useNotify } from '../../../lib/notify.tsx';
import { useTenantSession } from '../../../lib/use-tenant-session.ts';
import { downloadMenu, downloadTemplate, useUploadMenu } from '../api/bulk-upload-api.ts';

type Status =
  | { kind: 'idle' }
  | { kind: 'uploading' }
  | { kind: 'success'; result: BulkUploadResult }
  | { kind: 'failure'; message: string; result?: BulkUploadResult };

/**
 * The file picker's filters (§5, as the original uploader names them): the size
 * ('Maximum upload size of 1 MB Allowed'), the type (xlsx only), and the others, which §5 shows
 * as 'Unknown error (filter is …)': one file at a time, and not an empty one.
 */
type FileFilter = 'fileSize' | 'mimeType' | 'queueLimit' | 'fileEmpty';

function failedFilter(files: File[]): FileFilter | null {
  if (files.length > 1) return 'queueLimit';
  const file = files[0]!;
  if (!/\.xlsx$/i.test(file.name) || (file.type !== '' && file.type !== XLSX_CONTENT_TYPE))
    return 'mimeType';
  if (file.size > BULK_UPLOAD_LIMITS.maxBytes) return 'fileSize';
  if (file.size === 0) return 'fileEmpty';
  return null;
}

const isFileCode = (code: string): code is BulkUploadFileCode =>
  (BULK_UPLOAD_FILE_CODES as readonly string[]).includes(code);

/** bulk-upload (menu-management §2 screen 13, §4 upload status, §8 texts). */
export function BulkUploadPage() {
  const { t } = useTranslation('bulkUpload');
  const { tenantId } = useTenantSession();
  const notify = useNotify();
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [pickError, setPickError] = useState<string | null>(null);
  const [progress, setProgress] = useState(0);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const [downloading, setDownloading] = useState<'template' | 'menu' | null>(null);
  const [dragging, setDragging] = useState(false);
  const upload = useUploadMenu(tenantId, setProgress);

  const filterText = (filter: FileFilter) => {
    if (filter === 'fileSize') return t('errors.tooLarge');
    if (filter === 'mimeType') return t('errors.notXlsx');
    return `${t('errors.unknownFilter', { filter })} ${t(`errors.filterHint.${filter}`)}`;
  };

  const pick = (picked: File[]) => {
    setStatus({ kind: 'idle' });
    if (picked.length === 0) return;
    const filter = failedFilter(picked);
    setPickError(filter ? filterText(filter) : null);
    setFile(filter ? null : picked[0]!);
  };

  const failureMessage = (error: unknown): string => {
    if (error instanceof ValidationError) {
      const code = error.codesFor('file').find(isFileCode);
      return code ? t(`errors.${code}`) : t('status.unknownError');
    }
    if (error instanceof ApiError) {
      if (error.status === 413) return t('errors.tooLarge');
      if (error.status === 0) return t('status.transportError');
    }
    return t('status.unknownError');
  };

  const start = () => {
    if (!file) return;
    setProgress(0);
    setStatus({ kind: 'uploading' });
    upload.mutate(file, {
      // §4: success is 200/201 without errorMessage.
      onSuccess: (result) => {
        if (result.errorMessage) {
          setStatus({ kind: 'failure', message: t('status.partial'), result });
        } else {
          setStatus({ kind: 'success', result });
          notify.success(t('status.success'));
        }
      },
      onError: (error) => {
        if (!(error instanceof ApiError) || error.status >= 500)
          console.error('bulk upload failed', error);
        setStatus({ kind: 'failure', message: failureMessage(error) });
      },
    });
  };

  const download = async (which: 'template' | 'menu') => {
    setDownloading(which);
    try {
      await (which === 'template' ? downloadTemplate(tenantId) : downloadMenu(tenantId));
    } catch (error) {
      console.error(`${which} download failed`, error);
      notify.errorWithRefresh();
    } finally {
      setDownloading(null);
    }
  };

  const uploading = status.kind === 'uploading';
  const result = status.kind === 'success' || status.kind === 'failure' ? status.result : undefined;
  const errorLines = result?.errorMessage?.split('\n').filter(Boolean) ?? [];

  return (
    <Stack spacing={2.5} sx={{ maxInlineSize: 960 }}>
      <Typography variant="h4" component="h1">
        {t('title')}
      </Typography>
      <Typography color="text.secondary">{t('intro')}</Typography>

      <Paper variant="outlined" sx={{ padding: 2.5 }}>
        <Stack spacing={2}>
          <Stack direction={{ xs: 'column', md: 'row' }} sx={{ gap: 2 }}>
            {(['template', 'menu'] as const).map((which) => (
              <Box key={which} sx={{ flex: 1 }}>
                <Button
                  variant="outlined"
                  startIcon={<DownloadOutlined />}
                  onClick={() => void download(which)}
                  disabled={downloading !== null}
                  aria-describedby={`${inputId}-${which}-hint`}
                >
                  {t(`${which}.download`)}
                </Button>
                <Typography
                  id={`${inputId}-${which}-hint`}
                  variant="body2"
                  color="text.secondary"
                  sx={{ marginBlockStart: 1 }}
                >
                  {t(`${which}.hint`)}
                </Typography>
              </Box>
            ))}
          </Stack>

          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            sx={{
              gap: 1.5,
              alignItems: { sm: 'center' },
              padding: 1.5,
              borderRadius: 1,
              border: '2px dashed',
              borderColor: dragging ? 'primary.main' : 'divider',
              backgroundColor: dragging ? 'action.hover' : undefined,
            }}
            data-testid="bulk-upload-drop"
            onDragOver={(event) => {
              if (uploading) return;
              event.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={(event) => {
              event.preventDefault();
              setDragging(false);
              if (!uploading) pick([...event.dataTransfer.files]);
            }}
          >
            <input
              ref={inputRef}
              id={inputId}
              type="file"
              accept={`.xlsx,${XLSX_CONTENT_TYPE}`}
              hidden
              aria-describedby={`${inputId}-hint`}
              onChange={(event) => {
                pick([...(event.target.files ?? [])]);
                event.target.value = '';
              }}
            />
            <Button
              variant="outlined"
              startIcon={<UploadFileOutlined />}
              onClick={() => inputRef.current?.click()}
              disabled={uploading}
            >
              {t('file.choose')}
            </Button>
            <Typography
              sx={{ overflowWrap: 'anywhere', flex: 1 }}
              color={file ? 'text.primary' : 'text.secondary'}
              data-testid="bulk-upload-file-name"
            >
              {file ? <bdi>{file.name}</bdi> : `${t('file.none')} · ${t('file.drop')}`}
            </Typography>
            <Button variant="contained" onClick={start} disabled={!file || uploading}>
              {t('upload')}
            </Button>
          </Stack>
          <Typography id={`${inputId}-hint`} variant="body2" color="text.secondary">
            {t('file.hint')}
          </Typography>
          {pickError && (
            <Alert severity="error" role="alert">
              {pickError}
            </Alert>
          )}

          {uploading && (
            <Box role="status" aria-live="polite">
              <Typography variant="body2" sx={{ marginBlockEnd: 0.5 }}>
                {progress < 1
                  ? t('progress.sending', { percent: Math.round(progress * 100) })
                  : t('progress.importing')}
              </Typography>
              <LinearProgress
                variant={progress < 1 ? 'determinate' : 'indeterminate'}
                value={Math.round(progress * 100)}
                aria-label={t('progress.label')}
              />
            </Box>
          )}
        </Stack>
      </Paper>

      {status.kind === 'success' && (
        <Alert severity="success" role="status">
          {t('status.success')}
        </Alert>
      )}
      {status.kind === 'failure' && (
        <Alert severity="error" role="alert">
          <AlertTitle>{status.message}</AlertTitle>
          {errorLines.length > 0 && (
            <Box
              component="ul"
              sx={{ margin: 0, paddingInlineStart: 2.5, maxBlockSize: 320, overflowY: 'auto' }}
              aria-label={t('result.details')}
            >
              {errorLines.map((line, i) => (
                <li key={i}>
                  <bdi>{line}</bdi>
                </li>
              ))}
            </Box>
          )}
        </Alert>
      )}

      {result && result.sheetsIgnored.length > 0 && (
        <Alert severity="info" data-testid="bulk-upload-sheets-ignored">
          {t('result.sheetsIgnored', {
            names: result.sheetsIgnored.map((name) => `‘${name}’`).join(', '),
          })}
        </Alert>
      )}
      {result && (
        <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={t('result.title')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('result.kind')}</TableCell>
                <TableCell align="right">{t('result.found')}</TableCell>
                <TableCell align="right">{t('result.added')}</TableCell>
                <TableCell align="right">{t('result.updated')}</TableCell>
                <TableCell align="right">{t('result.failed')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {(
                [
                  [
                    'sections',
                    result.categoriesFound,
                    result.categoriesAdded,
                    result.categoriesUpdated,
                    result.categoriesFailed,
                  ],
                  [
                    'items',
                    result.itemsFound,
                    result.itemsAdded,
                    result.itemsUpdated,
                    result.itemsFailed,
                  ],
                  [
                    'modifierGroups',
                    result.modifiersFound,
                    result.modifiersAdded,
                    result.modifiersUpdated,
                    result.modifiersFailed,
                  ],
                ] as const
              ).map(([kind, found, added, updated, failed]) => (
                <TableRow key={kind} data-testid={`bulk-upload-result-${kind}`}>
                  <TableCell component="th" scope="row">
                    {t(`result.${kind}`)}
                  </TableCell>
                  <TableCell align="right">{found}</TableCell>
                  <TableCell align="right">{added}</TableCell>
                  <TableCell align="right">{updated}</TableCell>
                  <TableCell align="right" sx={{ color: failed > 0 ? 'error.main' : undefined }}>
                    {failed}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Paper>
      )}
    </Stack>
  );
}
