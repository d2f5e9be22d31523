import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { localize } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/spinner.tsx';
import { useLanguage } from '../../../lib/i18n.ts';
import { reloadPage } from '../../../lib/notify.tsx';
import { useAllTenants } from '../api/platform-queries.ts';

/** admin/tenants: the super admin's list of every tenant (its content is not specified). */
export function TenantsPage() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const tenants = useAllTenants();
  const dateFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium' });

  return (
    <Stack spacing={3}>
      <Typography variant="h4" component="h1">
        {t('platform.tenants.title')}
      </Typography>
      {tenants.isPending && <Spinner />}
      {tenants.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={reloadPage}>
              {t('snackbar.refresh')}
            </Button>
          }
        >
          {t('snackbar.pleaseRefresh')}
        </Alert>
      )}
      {tenants.data && (
        // Nothing inside to tab to: the scrolling box itself takes focus, for the arrow keys.
        <TableContainer
          component={Paper}
          variant="outlined"
          tabIndex={0}
          role="region"
          aria-label={t('platform.tenants.title')}
        >
          <Table size="small" aria-label={t('platform.tenants.title')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('platform.tenants.name')}</TableCell>
                <TableCell>{t('platform.tenants.slug')}</TableCell>
                <TableCell>{t('platform.tenants.currency')}</TableCell>
                <TableCell sx={{ textAlign: 'end' }}>{t('platform.tenants.branches')}</TableCell>
                <TableCell sx={{ textAlign: 'end' }}>{t('platform.tenants.members')}</TableCell>
                <TableCell>{t('platform.tenants.integrated')}</TableCell>
                <TableCell>{t('platform.tenants.created')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {tenants.data.length === 0 && (
                <TableRow>
                  <TableCell colSpan={7}>{t('platform.tenants.empty')}</TableCell>
                </TableRow>
              )}
              {tenants.data.map((tenant) => (
                <TableRow key={tenant.tenantId}>
                  <TableCell component="th" scope="row">
                    {localize(tenant.localizedName, lang)}
                  </TableCell>
                  <TableCell dir="ltr">{tenant.slug}</TableCell>
                  <TableCell>{tenant.defaultCurrency}</TableCell>
                  <TableCell sx={{ textAlign: 'end' }}>{tenant.branchCount}</TableCell>
                  <TableCell sx={{ textAlign: 'end' }}>{tenant.memberCount}</TableCell>
                  <TableCell>{t(tenant.isIntegrated ? 'common.yes' : 'common.no')}</TableCell>
                  <TableCell>
                    {/* en-GB dates (spec §9) keep their order inside right-to-left text. */}
                    <span dir="ltr">{dateFormat.format(new Date(tenant.createdAt))}</span>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Stack>
  );
}
