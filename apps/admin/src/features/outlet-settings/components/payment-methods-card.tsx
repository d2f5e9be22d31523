import Alert from '@mui/material/Alert';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import {
  JOD_ONLINE_CARD_CHARGES,
  type Currency,
  type PaymentMethodType,
  type PaymentTemplate,
} from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { QueryStatus } from '../../../components/load-error.tsx';
import { ValidationError } from '../../../lib/api-client.ts';
import { useNotify } from '../../../lib/notify.tsx';
import { usePaymentMethods, useSetPaymentMethod } from '../api/branch-settings-queries.ts';

/**
 * §2.7, §4.4, §5.3: the payment methods of one template. Each switch saves at once and goes
 * back when the server refuses (none left, card machine with online card).
 */
export function PaymentMethodsCard({
  tenantId,
  branchId,
  template,
  currency,
}: {
  tenantId: string;
  branchId: string;
  template: PaymentTemplate;
  currency: Currency;
}) {
  const { t } = useTranslation('outlet');
  const notify = useNotify();
  const methods = usePaymentMethods(tenantId, branchId, template);
  const set = useSetPaymentMethod(tenantId, branchId, template);

  const toggle = (paymentMethodType: PaymentMethodType, active: boolean) =>
    set.mutate(
      { paymentMethodType, active },
      {
        onSuccess: () => notify.success(t('snackbar.updated')),
        onError: (error) => {
          const code = error instanceof ValidationError ? error.fieldErrors[0]?.codes[0] : null;
          if (code === 'atleast_one_paymentmethod_required') notify.error(t('payments.atLeastOne'));
          else if (code === 'paymentmethod_card_offline_online_conflict')
            notify.error(t('payments.cardConflict'));
          else notify.error(t('snackbar.notSaved'));
        },
      },
    );

  if (!methods.isSuccess) return <QueryStatus query={methods} />;

  return (
    <Stack spacing={0.5}>
      <Typography variant="subtitle1" component="h3">
        {t('payments.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('payments.hint')}
      </Typography>
      {methods.data.paymentMethods.map((m) => (
        <Stack key={m.paymentMethodType} spacing={0.5}>
          <FormControlLabel
            control={
              <Switch
                checked={m.active}
                disabled={set.isPending}
                onChange={(_e, active) => toggle(m.paymentMethodType, active)}
              />
            }
            label={t(`payments.methods.${m.paymentMethodType}`)}
          />
          {m.paymentMethodType === 'CREDIT_CARD_ONLINE' && currency === 'JOD' && (
            <Typography variant="caption" color="text.secondary" sx={{ paddingInlineStart: 6 }}>
              {t('payments.jodCharges', JOD_ONLINE_CARD_CHARGES)}
            </Typography>
          )}
          {m.active && !m.approved && (
            <Alert severity="info" sx={{ marginInlineStart: 6 }}>
              {t('payments.awaitingApproval')}
            </Alert>
          )}
        </Stack>
      ))}
    </Stack>
  );
}
