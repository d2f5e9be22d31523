import { useDeferredValue, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import SearchIcon from '@mui/icons-material/Search';
import { localize, type PlatformTenant } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { ReloadPageAlert } from '../../../components/retry-alert.tsx';
import { useSidePanel } from '../../../components/side-panel.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { useLanguage } from '../../../lib/i18n.ts';
import { useAllTenants } from '../api/platform-queries.ts';
import { TenantDetails } from '../components/tenant-details.tsx';
import { TenantStatusChip } from '../components/tenant-status-chip.tsx';
import { formatDate, WIDE_ONLY } from '../lib/format.ts';

/** Columns a phone leaves out (the details panel shows them). */

/**
 * admin/tenants (§2.1, §6; the screen is not specified): every tenant, searchable by name,
 * storefront address or owner; a tenant opens in the side panel, where the super admin
 * deactivates or activates it.
 */
export function TenantsPage() {
  const { t } = useTranslation('platform');
  const lang = useLanguage();
  const panel = useSidePanel();
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search.trim());
  const tenants = useAllTenants(deferred);

  const open = (tenant: PlatformTenant) =>
    panel.openPanel(<TenantDetails id={tenant.tenantId} />, {
      title: localize(tenant.localizedName, lang),
    });

  return (
    <Stack spacing={3}>
      <Typography variant="h4" component="h1">
        {t('tenants.title')}
      </Typography>
      <TextField
        type="search"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        label={t('tenants.search')}
        placeholder={t('tenants.searchHint')}
        sx={{ maxInlineSize: 420 }}
        slotProps={{
          htmlInput: { maxLength: 100 },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon />
              </InputAdornment>
            ),
          },
        }}
      />
      {tenants.isPending && <Spinner />}
      {tenants.isError && <ReloadPageAlert />}
      {tenants.data && (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label={t('tenants.title')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('tenants.name')}</TableCell>
                <TableCell>{t('tenants.status')}</TableCell>
                <TableCell sx={WIDE_ONLY}>{t('tenants.owners')}</TableCell>
                <TableCell sx={WIDE_ONLY}>{t('tenants.trial')}</TableCell>
                <TableCell sx={{ ...WIDE_ONLY, textAlign: 'end' }}>
                  {t('tenants.branches')}
                </TableCell>
                <TableCell sx={{ ...WIDE_ONLY, textAlign: 'end' }}>
                  {t('tenants.members')}
                </TableCell>
                <TableCell sx={WIDE_ONLY}>{t('tenants.created')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {tenants.data.length === 0 && (
                <TableRow>
                  <TableCell colSpan={7}>
                    {deferred ? t('tenants.noMatch', { search: deferred }) : t('tenants.empty')}
                  </TableCell>
                </TableRow>
              )}
              {tenants.data.map((tenant) => (
                <TableRow key={tenant.tenantId} hover>
                  <TableCell component="th" scope="row">
                    <Button
                      onClick={() => open(tenant)}
                      sx={{
                        textTransform: 'none',
                        justifyContent: 'flex-start',
                        paddingInline: 0.5,
                      }}
                      aria-label={t('tenants.open', { name: localize(tenant.localizedName, lang) })}
                    >
                      <Box component="span" sx={{ textAlign: 'start', fontWeight: 500 }}>
                        {localize(tenant.localizedName, lang)}
                      </Box>
                    </Button>
                    {/* Outside the button, whose name is "Open …" (axe: label-content-name-mismatch). */}
                    <Box
                      component="span"
                      dir="ltr"
                      sx={{
                        display: 'block',
                        color: 'text.secondary',
                        fontSize: '0.8rem',
                        paddingInline: 0.5,
                        fontWeight: 400,
                      }}
                    >
                      /store/{tenant.slug}
                    </Box>
                  </TableCell>
                  <TableCell>
                    <TenantStatusChip active={tenant.active} />
                  </TableCell>
                  <TableCell sx={WIDE_ONLY}>
                    <Box component="span" dir="ltr" sx={{ overflowWrap: 'anywhere' }}>
                      {tenant.ownerEmails.join(', ') || '—'}
                    </Box>
                  </TableCell>
                  <TableCell sx={WIDE_ONLY}>
                    {tenant.trialEndsAt ? (
                      <span dir="ltr">{formatDate(tenant.trialEndsAt)}</span>
                    ) : (
                      '—'
                    )}
                  </TableCell>
                  <TableCell sx={{ ...WIDE_ONLY, textAlign: 'end' }}>
                    {tenant.branchCount}
                  </TableCell>
                  <TableCell sx={{ ...WIDE_ONLY, textAlign: 'end' }}>
                    {tenant.memberCount}
                  </TableCell>
                  <TableCell sx={WIDE_ONLY}>
                    {/* en-GB dates (spec §9) keep their order inside right-to-left text. */}
                    <span dir="ltr">{formatDate(tenant.createdAt)}</span>
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
