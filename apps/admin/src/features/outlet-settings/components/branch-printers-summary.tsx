import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import { printerPrints } from '@app/contracts';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PrinterStateChip } from '../../../components/printer-state-chip.tsx';
import { paths } from '../../../lib/paths.ts';
import { useBranchPrinters } from '../api/printers-queries.ts';

/**
 * Outlet status (issue 37): the branch's printers and their state, with a warning when one is
 * not printing (offline, out of paper, cover open) while the branch takes orders.
 */
export function BranchPrintersSummary({
  tenantId,
  branchId,
  takingOrders,
}: {
  tenantId: string;
  branchId: string;
  takingOrders: boolean;
}) {
  const { t } = useTranslation('outlet');
  const printers = useBranchPrinters(tenantId, branchId);
  if (!printers.data || printers.data.length === 0) return null;
  const stopped = printers.data.filter((p) => p.state !== 'never_seen' && !printerPrints(p.state));
  return (
    <Stack spacing={1}>
      <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <PrintOutlined fontSize="small" color="action" />
        <Link component={RouterLink} to={paths.printers} variant="body2">
          {t('printers.title')}
        </Link>
        {printers.data.map((p) => (
          <Stack key={p.id} direction="row" sx={{ gap: 0.5, alignItems: 'center' }}>
            <Typography variant="body2">{p.name}</Typography>
            <PrinterStateChip state={p.state} detail={p.stateDetail} />
          </Stack>
        ))}
      </Stack>
      {takingOrders && stopped.length > 0 && (
        <Alert severity="warning">
          {t('printers.notPrinting', { names: stopped.map((p) => p.name).join(', ') })}
        </Alert>
      )}
    </Stack>
  );
}
