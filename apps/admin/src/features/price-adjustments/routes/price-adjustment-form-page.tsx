import { useId, useState } from 'react';
import { useParams } from 'react-router';
import { Controller, useWatch } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ScheduleIcon from '@mui/icons-material/Schedule';
import {
  AdjustmentDirection,
  PRICE_ADJUSTMENT_LIMITS,
  type AdjustmentType,
  type PriceAdjustmentResponse,
} from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { BackLink } from '../../../components/back-link.tsx';
import { amountAdornment } from '../../../components/price-field.tsx';
import { CheckboxSetField } from '../../../components/checkbox-set.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import {
  priceAdjustmentQuery,
  priceAdjustmentScheduleQuery,
  useSetPriceAdjustmentSchedule,
} from '../api/price-adjustments-queries.ts';
import { useTenantSession } from '../../../lib/use-tenant-session.ts';
import { LoadError } from '../../../components/load-error.tsx';
import { IntegratedBanner } from '../../../components/integrated-banner.tsx';
import { PriceAdjustmentItems } from '../components/price-adjustment-items.tsx';
import { ScheduleEditorDialog } from '../../../components/schedule-dialog.tsx';
import { usePriceAdjustmentForm } from '../components/use-price-adjustment-form.ts';
import {
  ADJUSTABLE_TEMPLATES,
  PRIORITIES,
  priceAdjustmentErrorKey,
  type PriceAdjustmentField,
  type PriceAdjustmentForm,
} from '../lib/price-adjustment-form.ts';
import { hasSchedule } from '../../../lib/schedule.ts';
import { NEW_PRICE_ADJUSTMENT, priceAdjustmentPaths } from '../paths.ts';
import { CountedTextField } from '../../../components/counted-text-field.tsx';

/** The choices in the order offered; the override, not available yet, comes last. */
const ADJUSTMENT_TYPES = [
  'Percentage',
  'Flat',
  'Override',
] as const satisfies readonly AdjustmentType[];

/** catalog/price-adjustments/{id}: 'new' creates, any other id edits (§2 screen 14). */
export function PriceAdjustmentFormPage() {
  const { t } = useTranslation('catalog');
  const { id = NEW_PRICE_ADJUSTMENT } = useParams();
  const { tenantId, can } = useTenantSession();
  const adding = id === NEW_PRICE_ADJUSTMENT;
  const readOnly = !can('EditPriceAdjustments');
  const adjustment = useQuery({
    ...priceAdjustmentQuery(tenantId, id),
    enabled: !adding && tenantId !== '',
  });

  let body;
  if (adding && readOnly) body = <IntegratedBanner />;
  else if (adding) body = <PriceAdjustmentEditor adjustment={null} />;
  else if (adjustment.isPending) body = <Spinner />;
  else if (!adjustment.data) {
    body = <LoadError error={adjustment.error} onRetry={() => void adjustment.refetch()} />;
  } else body = <PriceAdjustmentEditor key={id} adjustment={adjustment.data} />;

  return (
    <Stack spacing={2} sx={{ maxInlineSize: 1000 }}>
      <Box>
        <BackLink to={priceAdjustmentPaths.list}>{t('priceAdjustments.back')}</BackLink>
      </Box>
      <Typography variant="h4" component="h1">
        {adding
          ? t('priceAdjustments.newTitle')
          : readOnly
            ? t('priceAdjustments.viewTitle')
            : t('priceAdjustments.editTitle')}
      </Typography>
      {!adding && <IntegratedBanner />}
      {body}
    </Stack>
  );
}

type TabName = 'details' | 'items';

function PriceAdjustmentEditor({ adjustment }: { adjustment: PriceAdjustmentResponse | null }) {
  const { t } = useTranslation('catalog');
  const [tab, setTab] = useState<TabName>('details');
  const baseId = useId();
  const tabs: TabName[] = ['details', 'items'];
  return (
    <Paper variant="outlined">
      <Tabs
        value={tab}
        onChange={(_, next: TabName) => setTab(next)}
        aria-label={t('priceAdjustments.tabs')}
        sx={{ borderBlockEnd: 1, borderColor: 'divider', paddingInline: 1 }}
      >
        {tabs.map((name) => (
          <Tab
            key={name}
            value={name}
            label={t(`priceAdjustments.tab.${name}`)}
            id={`${baseId}-tab-${name}`}
            aria-controls={`${baseId}-panel-${name}`}
          />
        ))}
      </Tabs>
      {/* Both stay mounted: switching tabs keeps what was typed. */}
      {tabs.map((name) => (
        <Box
          key={name}
          role="tabpanel"
          id={`${baseId}-panel-${name}`}
          aria-labelledby={`${baseId}-tab-${name}`}
          hidden={tab !== name}
          sx={{ padding: { xs: 2, sm: 3 } }}
        >
          {name === 'details' ? (
            <DetailsTab adjustment={adjustment} />
          ) : adjustment ? (
            <PriceAdjustmentItems adjustment={adjustment} />
          ) : (
            <Typography color="text.secondary">{t('priceAdjustments.saveFirstItems')}</Typography>
          )}
        </Box>
      ))}
    </Paper>
  );
}

function DetailsTab({ adjustment }: { adjustment: PriceAdjustmentResponse | null }) {
  const { t } = useTranslation('catalog');
  const { currency } = useTenantSession();
  const { form, save, readOnly } = usePriceAdjustmentForm(adjustment);
  const {
    control,
    formState: { isSubmitting },
  } = form;
  const values = useWatch({ control }) as PriceAdjustmentForm;
  const message = (field: PriceAdjustmentField, code: string | undefined) =>
    code === undefined
      ? undefined
      : t(
          `priceAdjustments.errors.${priceAdjustmentErrorKey(field, code, values)}` as 'errors.invalid',
          {
            min: PRICE_ADJUSTMENT_LIMITS.nameMin,
            max: PRICE_ADJUSTMENT_LIMITS.nameMax,
            priorityMin: PRICE_ADJUSTMENT_LIMITS.priorityMin,
            priorityMax: PRICE_ADJUSTMENT_LIMITS.priorityMax,
            percentageMax: PRICE_ADJUSTMENT_LIMITS.percentageMax,
            amountMax: new Intl.NumberFormat('en').format(PRICE_ADJUSTMENT_LIMITS.amountMax),
          },
        );

  return (
    <Stack spacing={3}>
      <Box
        component="form"
        noValidate
        aria-label={t('priceAdjustments.tab.details')}
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <Stack spacing={2.5} sx={{ maxInlineSize: 560 }}>
          <CountedTextField
            control={control}
            name="name"
            max={PRICE_ADJUSTMENT_LIMITS.nameMax}
            label={t('priceAdjustments.name')}
            required
            errorText={(error) => message('name', error?.message)}
          />

          <Controller
            control={control}
            name="adjustmentType"
            render={({ field, fieldState }) => (
              <FormControl error={!!fieldState.error} required>
                <FormLabel id="adjustment-type-label">{t('priceAdjustments.type')}</FormLabel>
                <RadioGroup
                  row
                  aria-labelledby="adjustment-type-label"
                  name={field.name}
                  value={field.value}
                  onChange={(_, value) => field.onChange(value)}
                  onBlur={field.onBlur}
                >
                  {ADJUSTMENT_TYPES.map((type) => (
                    <FormControlLabel
                      key={type}
                      value={type}
                      // §4: an override is shown as coming soon and cannot be chosen.
                      disabled={readOnly || type === 'Override'}
                      control={<Radio inputRef={type === 'Percentage' ? field.ref : undefined} />}
                      label={
                        type === 'Override'
                          ? t('priceAdjustments.typeOverrideSoon')
                          : t(`priceAdjustments.typeName.${type}`)
                      }
                    />
                  ))}
                </RadioGroup>
                {fieldState.error && (
                  <FormHelperText>
                    {message('adjustmentType', fieldState.error.message)}
                  </FormHelperText>
                )}
              </FormControl>
            )}
          />

          <Controller
            control={control}
            name="adjustmentDirection"
            render={({ field, fieldState }) => (
              <FormControl error={!!fieldState.error} required>
                <FormLabel id="adjustment-direction-label">
                  {t('priceAdjustments.direction')}
                </FormLabel>
                <RadioGroup
                  row
                  aria-labelledby="adjustment-direction-label"
                  name={field.name}
                  value={field.value}
                  onChange={(_, value) => field.onChange(value)}
                  onBlur={field.onBlur}
                >
                  {AdjustmentDirection.options.map((direction, index) => (
                    <FormControlLabel
                      key={direction}
                      value={direction}
                      disabled={readOnly}
                      control={<Radio inputRef={index === 0 ? field.ref : undefined} />}
                      label={t(`priceAdjustments.directionName.${direction}`)}
                    />
                  ))}
                </RadioGroup>
                {fieldState.error && (
                  <FormHelperText>
                    {message('adjustmentDirection', fieldState.error.message)}
                  </FormHelperText>
                )}
              </FormControl>
            )}
          />

          <Controller
            control={control}
            name="amount"
            render={({ field, fieldState }) => (
              <TextField
                {...field}
                inputRef={field.ref}
                label={t('priceAdjustments.amount')}
                required
                sx={{ maxInlineSize: 240 }}
                error={!!fieldState.error}
                helperText={message('amount', fieldState.error?.message)}
                slotProps={{
                  htmlInput: { inputMode: 'decimal', dir: 'ltr' },
                  input: amountAdornment(values.adjustmentType === 'Percentage', currency),
                }}
              />
            )}
          />

          <CheckboxSetField
            control={control}
            name="checkoutTemplates"
            label={t('priceAdjustments.templates')}
            options={ADJUSTABLE_TEMPLATES}
            optionLabel={(template) => t(`templates.${template}`)}
            message={(code) => message('checkoutTemplates', code)}
            disabled={readOnly}
          />

          <Controller
            control={control}
            name="priority"
            render={({ field, fieldState }) => (
              <TextField
                {...field}
                inputRef={field.ref}
                select
                label={t('priceAdjustments.priority')}
                required
                sx={{ maxInlineSize: 240 }}
                error={!!fieldState.error}
                helperText={
                  message('priority', fieldState.error?.message) ??
                  t('priceAdjustments.priorityHint')
                }
              >
                {PRIORITIES.map((p) => (
                  <MenuItem key={p} value={String(p)}>
                    {p}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />

          {!readOnly && (
            <Box>
              <Button
                type="submit"
                variant="contained"
                disabled={isSubmitting}
                startIcon={
                  isSubmitting ? <CircularProgress size={16} color="inherit" /> : undefined
                }
              >
                {t('actions.save')}
              </Button>
            </Box>
          )}
        </Stack>
      </Box>
      <ScheduleSection adjustment={adjustment} />
    </Stack>
  );
}

/** §4: the schedule can be set only once the adjustment exists. */
function ScheduleSection({ adjustment }: { adjustment: PriceAdjustmentResponse | null }) {
  const { t } = useTranslation('catalog');
  const { tenantId, can } = useTenantSession();
  const setSchedule = useSetPriceAdjustmentSchedule(tenantId);
  const [open, setOpen] = useState(false);
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="subtitle1" component="h2" sx={{ marginBlockEnd: 1 }}>
        {t('priceAdjustments.schedule')}
      </Typography>
      {adjustment === null ? (
        <Typography color="text.secondary">{t('priceAdjustments.saveFirstSchedule')}</Typography>
      ) : (
        <Stack direction="row" sx={{ gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography color="text.secondary">
            {hasSchedule(adjustment.schedule)
              ? t('priceAdjustments.scheduleLimited')
              : t('priceAdjustments.scheduleAlways')}
          </Typography>
          {can('EditPriceAdjustments') && (
            <Button variant="outlined" startIcon={<ScheduleIcon />} onClick={() => setOpen(true)}>
              {t('priceAdjustments.editSchedule')}
            </Button>
          )}
        </Stack>
      )}
      {open && adjustment && (
        <ScheduleEditorDialog
          title={t('priceAdjustments.scheduleTitle', { name: adjustment.name })}
          query={priceAdjustmentScheduleQuery(tenantId, adjustment.id)}
          save={async (entries) => {
            await setSchedule.mutateAsync({ id: adjustment.id, entries });
          }}
          onClose={() => setOpen(false)}
        />
      )}
    </Box>
  );
}
