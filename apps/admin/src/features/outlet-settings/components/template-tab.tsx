import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import AccessTimeIcon from '@mui/icons-material/AccessTime';
import LocalShippingOutlinedIcon from '@mui/icons-material/LocalShippingOutlined';
import type { BranchProfile, PaymentTemplate } from '@app/contracts';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSidePanel } from '../../../components/side-panel.tsx';
import { deliveryFeesPath } from '../../../lib/paths.ts';
import { useNotify } from '../../../lib/notify.tsx';
import { useSetCheckoutTemplate } from '../api/branch-settings-queries.ts';
import { OpeningHoursPanel } from './opening-hours-panel.tsx';
import { PaymentMethodsCard } from './payment-methods-card.tsx';

const TEMPLATE_KEY = { DELIVERY: 'delivery', PICKUP: 'pickup', DINING: 'dining' } as const;

/**
 * One tab of the branch profile (§2.7): the template's switch, its payment methods and opening
 * hours; delivery also links to the zone fees when the branch uses them, and delivery and
 * pickup show the public ordering link when the branch has no domain of its own.
 */
export function TemplateTab({
  tenantId,
  profile,
  template,
}: {
  tenantId: string;
  profile: BranchProfile;
  template: PaymentTemplate;
}) {
  const { t } = useTranslation('outlet');
  const notify = useNotify();
  const panel = useSidePanel();
  const setTemplate = useSetCheckoutTemplate(tenantId, profile.branchId);
  const enabled = profile.checkoutTemplates.includes(template);
  const name = t(`templates.${TEMPLATE_KEY[template]}`);
  const link = template === 'DINING' ? undefined : profile.orderingLinks[template];

  return (
    <Stack spacing={2} divider={<Divider flexItem />}>
      <Stack spacing={0.5}>
        <FormControlLabel
          control={
            <Switch
              checked={enabled}
              disabled={setTemplate.isPending}
              onChange={(_e, next) =>
                setTemplate.mutate(
                  { checkoutTemplate: template, enabled: next },
                  {
                    onSuccess: () => notify.success(t('snackbar.updated')),
                    onError: () => notify.error(t('snackbar.notSaved')),
                  },
                )
              }
            />
          }
          label={t('profile.enableTemplate', { template: name })}
        />
        <Typography variant="body2" color="text.secondary">
          {t(enabled ? 'profile.templateOnHint' : 'profile.templateOffHint', { template: name })}
        </Typography>
        {link && (
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {t('profile.orderingLink')}{' '}
            <Link href={link} target="_blank" rel="noopener noreferrer" dir="ltr">
              {link}
            </Link>
          </Typography>
        )}
      </Stack>

      <PaymentMethodsCard
        tenantId={tenantId}
        branchId={profile.branchId}
        template={template}
        currency={profile.defaultCurrency}
      />

      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
        <Button
          variant="outlined"
          startIcon={<AccessTimeIcon />}
          onClick={() =>
            panel.openPanel(<OpeningHoursPanel branchId={profile.branchId} template={template} />, {
              title: t('hours.title', { template: name }),
            })
          }
        >
          {t('hours.edit')}
        </Button>
        {template === 'DELIVERY' && profile.deliveryType === 'ZONE_BASED_FIXED_FEES' && (
          <Button
            component={RouterLink}
            to={deliveryFeesPath(profile.branchId)}
            variant="outlined"
            startIcon={<LocalShippingOutlinedIcon />}
          >
            {t('zones.link')}
          </Button>
        )}
      </Stack>
    </Stack>
  );
}
