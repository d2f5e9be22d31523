import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import { useTranslation } from 'react-i18next';
import { localize } from '@app/contracts';
import { storefrontPreviewQuery } from '../lib/storefront-preview.ts';
import { useTenantSession } from '../lib/use-tenant-session.ts';
import { QueryStatus } from './load-error.tsx';

/** A Preview button and its dialog: the customer storefront, embedded, in preview mode (§2.7). */
export function StorefrontPreviewButton({ label }: { label: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<VisibilityOutlinedIcon />}
        onClick={() => setOpen(true)}
      >
        {label}
      </Button>
      {open && <StorefrontPreviewDialog onClose={() => setOpen(false)} />}
    </>
  );
}

function StorefrontPreviewDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('common');
  const { tenantId, lang } = useTenantSession();
  const preview = useQuery(storefrontPreviewQuery(tenantId));
  const branches = preview.data ?? [];
  const [chosen, setChosen] = useState<string | null>(null);
  const branch = branches.find((b) => b.branchId === chosen) ?? branches[0];
  const titleId = useId();
  // The storefront opens in the admin's language.
  const url = branch?.url ? `${branch.url}&lang=${lang}` : null;

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{t('storefrontPreview.title')}</DialogTitle>
      <DialogContent>
        <QueryStatus query={preview} message={t('storefrontPreview.loadFailed')} snackbar={false} />
        {branches.length > 1 && (
          <TextField
            select
            size="small"
            label={t('storefrontPreview.branch')}
            value={branch?.branchId ?? ''}
            onChange={(e) => setChosen(e.target.value)}
            sx={{ marginBlock: 1, minInlineSize: 220 }}
          >
            {branches.map((b) => (
              <MenuItem key={b.branchId} value={b.branchId}>
                {localize(b.branchName, lang)}
              </MenuItem>
            ))}
          </TextField>
        )}
        {branch && !url && <Alert severity="info">{t('storefrontPreview.noTemplate')}</Alert>}
        {url && (
          <Box
            component="iframe"
            key={url}
            src={url}
            title={t('storefrontPreview.frame')}
            sx={{
              display: 'block',
              inlineSize: '100%',
              maxInlineSize: 390,
              blockSize: 'min(70vh, 720px)',
              marginInline: 'auto',
              border: 1,
              borderColor: 'divider',
              borderRadius: 2,
            }}
          />
        )}
      </DialogContent>
      <DialogActions>
        {url && (
          <Button href={url} target="_blank" rel="noopener" startIcon={<OpenInNewIcon />}>
            {t('storefrontPreview.openNewTab')}
          </Button>
        )}
        <Button onClick={onClose}>{t('storefrontPreview.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
