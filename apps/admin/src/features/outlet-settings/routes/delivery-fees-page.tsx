import { useId, useState } from 'react';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CURRENCY_DECIMALS, DeliveryFee, localize, type BranchDeliveryZone } from '@app/contracts';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BackLink } from '../../../components/back-link.tsx';
import { FormDialog } from '../../../components/dialog-parts.tsx';
import { QueryStatus } from '../../../components/load-error.tsx';
import { SNACKBAR_DURATION, useNotify } from '../../../lib/notify.tsx';
import { branchProfilePath } from '../../../lib/paths.ts';
import { useTenantSession } from '../../../lib/use-tenant-session.ts';
import { useBranchProfile, useSetZone, useZones } from '../api/branch-settings-queries.ts';
import { useSettingsErrorText } from '../lib/settings-form.ts';

/** settings/profile/{id}/deliveryFees (§2.8): each zone's switch and, when on, its fee. */
export function DeliveryFeesPage() {
  const { t } = useTranslation('outlet');
  const { id = '' } = useParams();
  const { tenantId, lang } = useTenantSession();
  const notify = useNotify();
  const profile = useBranchProfile(tenantId, id);
  const zones = useZones(tenantId, id);
  const setZone = useSetZone(tenantId, id);
  const [editing, setEditing] = useState<BranchDeliveryZone | null>(null);
  const zoneName = (z: BranchDeliveryZone) => localize(z.deliveryZoneLocalizedTitle, lang);
  const currency = profile.data?.defaultCurrency;
  // The fee to the currency's own minor unit: a JOD fee of 1.125 is not rounded away.
  const feeText = (fee: number) =>
    currency
      ? new Intl.NumberFormat(`${lang}-u-nu-latn`, {
          style: 'currency',
          currency,
          minimumFractionDigits: CURRENCY_DECIMALS[currency],
          maximumFractionDigits: CURRENCY_DECIMALS[currency],
        }).format(fee)
      : String(fee);

  const toggle = (z: BranchDeliveryZone, active: boolean) =>
    setZone.mutate(
      {
        deliveryZoneId: z.deliveryZoneId,
        active,
        deliveryFee: String(z.deliveryFee),
        title: zoneName(z),
      },
      {
        onSuccess: () => notify.success(t('zones.statusSaved', { zone: zoneName(z) })),
        onError: () => notify.error(t('zones.statusFailed', { zone: zoneName(z) })),
      },
    );

  return (
    <Stack spacing={2.5} sx={{ maxInlineSize: 900 }}>
      <BackLink to={branchProfilePath(id)} sx={{ alignSelf: 'flex-start' }}>
        {t('zones.back')}
      </BackLink>
      <Stack spacing={0.5}>
        <Typography variant="h5" component="h1">
          {t('zones.title')}
        </Typography>
        {profile.data && (
          <Typography color="text.secondary">{localize(profile.data.branchName, lang)}</Typography>
        )}
      </Stack>
      <QueryStatus query={zones} />
      {zones.isSuccess && zones.data.length === 0 && (
        <Typography color="text.secondary">{t('zones.empty')}</Typography>
      )}
      {zones.isSuccess && zones.data.length > 0 && (
        <TableContainer component={Paper} variant="outlined">
          <Table aria-label={t('zones.title')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('zones.nameEn')}</TableCell>
                <TableCell>{t('zones.nameAr')}</TableCell>
                <TableCell>{t('zones.active')}</TableCell>
                <TableCell>{t('zones.fee')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {zones.data.map((z) => (
                <TableRow key={z.deliveryZoneId}>
                  <TableCell>
                    {z.deliveryZoneLocalizedTitle.en ?? z.deliveryZoneLocalizedTitle.fieldValue}
                  </TableCell>
                  <TableCell lang="ar" dir="rtl">
                    {z.deliveryZoneLocalizedTitle.ar ?? ''}
                  </TableCell>
                  <TableCell>
                    <Switch
                      checked={z.active}
                      disabled={setZone.isPending}
                      onChange={(_e, active) => toggle(z, active)}
                      slotProps={{
                        input: { 'aria-label': t('zones.activeOf', { zone: zoneName(z) }) },
                      }}
                    />
                  </TableCell>
                  <TableCell>
                    {z.active && (
                      <Button
                        variant="outlined"
                        size="small"
                        sx={{ whiteSpace: 'nowrap' }}
                        onClick={() => setEditing(z)}
                        aria-label={t('zones.editFee', {
                          zone: zoneName(z),
                          fee: feeText(z.deliveryFee),
                        })}
                      >
                        <span dir="ltr">{feeText(z.deliveryFee)}</span>
                      </Button>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {editing && (
        <FeeDialog
          zone={editing}
          name={zoneName(editing)}
          onClose={() => setEditing(null)}
          onSave={async (fee) => {
            try {
              await setZone.mutateAsync({
                deliveryZoneId: editing.deliveryZoneId,
                active: editing.active,
                deliveryFee: fee,
                title: zoneName(editing),
              });
              notify.success(t('zones.feeSaved', { zone: zoneName(editing) }), {
                duration: SNACKBAR_DURATION.fee,
              });
              setEditing(null);
            } catch {
              notify.error(t('zones.feeFailed', { zone: zoneName(editing) }), {
                duration: SNACKBAR_DURATION.fee,
              });
            }
          }}
        />
      )}
    </Stack>
  );
}

/** §2.8, §5.5: 'Set delivery fee for {zone}', a number 0–100000 without a leading zero. */
function FeeDialog({
  zone,
  name,
  onClose,
  onSave,
}: {
  zone: BranchDeliveryZone;
  name: string;
  onClose: () => void;
  onSave: (fee: string) => Promise<void>;
}) {
  const { t } = useTranslation('outlet');
  const errorText = useSettingsErrorText();
  const [value, setValue] = useState(String(zone.deliveryFee));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const titleId = useId();

  const save = async () => {
    const parsed = DeliveryFee.safeParse(value.trim() === '' ? undefined : value);
    if (!parsed.success) {
      const code = parsed.error.issues[0]?.message;
      setError(
        value.trim() === '' ? 'required' : code === 'max' ? 'fee_max' : 'delivery_fee_invalid',
      );
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await onSave(parsed.data);
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormDialog
      titleId={titleId}
      title={t('zones.feeTitle', { zone: name })}
      busy={busy}
      onClose={onClose}
      onSubmit={() => void save()}
      cancelLabel={t('actions.cancel')}
      saveLabel={t('actions.save')}
    >
      <TextField
        autoFocus
        fullWidth
        margin="dense"
        label={t('zones.fee')}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        error={error !== null}
        helperText={error ? errorText({ message: error }) : t('zones.feeHint')}
        slotProps={{ htmlInput: { inputMode: 'decimal', dir: 'ltr' } }}
      />
    </FormDialog>
  );
}
