import { useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { localize, type PlatformTenantDetails } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { useLanguage } from '../../../lib/i18n.ts';
import { useNotify } from '../../../lib/notify.tsx';
import { useSetTenantActive, useTenantDetails } from '../api/platform-queries.ts';
import { TenantStatusChip } from './tenant-status-chip.tsx';
import { formatDate } from '../lib/format.ts';
import { QueryStatus } from '../../../components/load-error.tsx';

/** One tenant as the super admin opens it: facts, people, branches, and its on/off switch. */
export function TenantDetails({ id }: { id: string }) {
  const { t: tc } = useTranslation();
  const details = useTenantDetails(id);
  if (!details.data)
    return <QueryStatus query={details} message={tc('snackbar.pleaseRefresh')} snackbar={false} />;
  return <DetailsBody tenant={details.data} />;
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', gap: 1, justifyContent: 'space-between', flexWrap: 'wrap' }}>
      <Typography color="text.secondary">{label}</Typography>
      <Typography component="div" sx={{ textAlign: 'end' }}>
        {children}
      </Typography>
    </Box>
  );
}

function DetailsBody({ tenant }: { tenant: PlatformTenantDetails }) {
  const { t } = useTranslation('platform');
  const lang = useLanguage();
  const notify = useNotify();
  const setActive = useSetTenantActive();
  const [confirming, setConfirming] = useState(false);
  const name = localize(tenant.localizedName, lang);
  const region = tenant.country
    ? (new Intl.DisplayNames([lang], { type: 'region' }).of(tenant.country) ?? tenant.country)
    : '—';

  const toggle = () =>
    setActive
      .mutateAsync({ id: tenant.tenantId, active: !tenant.active })
      .then(
        (row) =>
          notify.success(t(row.active ? 'details.activated' : 'details.deactivated', { name })),
        () => notify.error(t('details.switchFailed')),
      )
      .finally(() => setConfirming(false));

  return (
    <Stack spacing={2.5}>
      {/* The panel's heading names the tenant. */}
      <div>
        <TenantStatusChip active={tenant.active} />
      </div>
      {!tenant.active && <Alert severity="warning">{t('details.inactiveNote')}</Alert>}
      <Stack spacing={1}>
        <Fact label={t('details.storefront')}>
          <Link href={`/store/${tenant.slug}`} target="_blank" rel="noopener" dir="ltr">
            /store/{tenant.slug}
          </Link>
        </Fact>
        <Fact label={t('details.country')}>{region}</Fact>
        <Fact label={t('details.currency')}>{tenant.defaultCurrency}</Fact>
        <Fact label={t('tenants.trial')}>
          {tenant.trialEndsAt ? <span dir="ltr">{formatDate(tenant.trialEndsAt)}</span> : '—'}
        </Fact>
        <Fact label={t('tenants.created')}>
          <span dir="ltr">{formatDate(tenant.createdAt)}</span>
        </Fact>
        <Fact label={t('details.tickets')}>
          {t('details.ticketCounts', {
            all: tenant.ticketCount,
            unverified: tenant.unverifiedTicketCount,
          })}
        </Fact>
      </Stack>
      <Divider />
      <Typography variant="subtitle1" component="h4">
        {t('details.members', { count: tenant.members.length })}
      </Typography>
      <List dense disablePadding>
        {tenant.members.map((m) => (
          <ListItem key={m.email} disableGutters>
            <ListItemText
              primary={m.name}
              secondary={
                <>
                  <Box component="span" dir="ltr">
                    {m.email}
                  </Box>
                  {' · '}
                  {t(`roles.${m.role}`)}
                  {m.emailVerified ? '' : ` · ${t('details.unverifiedEmail')}`}
                </>
              }
            />
          </ListItem>
        ))}
      </List>
      <Divider />
      <Typography variant="subtitle1" component="h4">
        {t('details.branches', { count: tenant.branches.length })}
      </Typography>
      <List dense disablePadding>
        {tenant.branches.map((b) => (
          <ListItem key={b.branchId} disableGutters>
            <ListItemText
              primary={localize(b.branchName, lang)}
              secondary={
                <>
                  <Box component="span" dir="ltr">
                    {b.phoneNumber ?? '—'}
                  </Box>
                  {` · ${b.timeZone}`}
                </>
              }
            />
          </ListItem>
        ))}
      </List>
      <Divider />
      <Typography color="text.secondary" variant="body2">
        {t(tenant.active ? 'details.deactivateHelp' : 'details.activateHelp')}
      </Typography>
      <div>
        <Button
          variant={tenant.active ? 'outlined' : 'contained'}
          color={tenant.active ? 'error' : 'primary'}
          onClick={() => setConfirming(true)}
        >
          {t(tenant.active ? 'details.deactivate' : 'details.activate')}
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        title={t(tenant.active ? 'details.deactivateTitle' : 'details.activateTitle', { name })}
        message={t(tenant.active ? 'details.deactivateHelp' : 'details.activateHelp')}
        confirmLabel={t(tenant.active ? 'details.deactivate' : 'details.activate')}
        cancelLabel={t('details.cancel')}
        destructive={tenant.active}
        onConfirm={toggle}
        onClose={() => setConfirming(false)}
      />
    </Stack>
  );
}
