import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import OutlinedInput from '@mui/material/OutlinedInput';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import SearchIcon from '@mui/icons-material/Search';
import { OrderingTemplate, REPORT_LIMITS, ReportPaymentMethod, ReportStatus } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import type { FormErrors, ReportForm, SearchMode } from '../lib/report-form.ts';
import { FormBox } from '../../../components/form-box.tsx';

export interface Option {
  value: string;
  label: string;
}

function MultiSelect({
  id,
  label,
  options,
  value,
  onChange,
}: {
  id: string;
  label: string;
  options: readonly Option[];
  value: readonly string[];
  onChange: (next: string[]) => void;
}) {
  const { t } = useTranslation('reports');
  const labelId = `${id}-label`;
  const names = new Map(options.map((o) => [o.value, o.label]));
  return (
    <FormControl size="small" fullWidth>
      <InputLabel id={labelId} shrink>
        {label}
      </InputLabel>
      <Select
        labelId={labelId}
        id={id}
        multiple
        displayEmpty
        value={[...value]}
        onChange={(event) => {
          const next = event.target.value;
          onChange(typeof next === 'string' ? next.split(',') : next);
        }}
        input={<OutlinedInput notched label={label} />}
        renderValue={(selected) =>
          selected.length === 0 ? (
            <Typography component="span" color="text.secondary">
              {t('hints.any')}
            </Typography>
          ) : (
            selected.map((v) => names.get(v) ?? v).join(', ')
          )
        }
      >
        {options.map((o) => (
          <MenuItem key={o.value} value={o.value}>
            <Checkbox size="small" checked={value.includes(o.value)} />
            <ListItemText primary={o.label} />
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}

const Cell = ({ children }: { children: ReactNode }) => (
  <Box sx={{ minInlineSize: 0 }}>{children}</Box>
);

/** Spec §2.6, §5.2: the report's filters and their validation messages. */
export function ReportFilters({
  form,
  errors,
  branches,
  zones,
  timeZone,
  onChange,
  onSearch,
  onReset,
}: {
  form: ReportForm;
  errors: FormErrors;
  branches: readonly Option[];
  zones: readonly Option[];
  timeZone: string;
  onChange: (patch: Partial<ReportForm>) => void;
  onSearch: () => void;
  onReset: () => void;
}) {
  const { t } = useTranslation('reports');
  const error = (field: keyof FormErrors) =>
    errors[field] ? t(`errors.${field}.${errors[field]}` as never, t('errors.other')) : undefined;

  return (
    <FormBox onSubmit={onSearch} aria-label={t('title')}>
      <Stack spacing={2}>
        <Stack
          direction="row"
          spacing={1.5}
          sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}
        >
          <Typography id="report-search-by" variant="body2" color="text.secondary">
            {t('searchBy.label')}
          </Typography>
          <ToggleButtonGroup
            size="small"
            exclusive
            color="primary"
            aria-labelledby="report-search-by"
            value={form.mode}
            onChange={(_, mode: SearchMode | null) => mode && onChange({ mode })}
          >
            <ToggleButton value="filters">{t('searchBy.filters')}</ToggleButton>
            <ToggleButton value="ticketNumber">{t('searchBy.ticketNumber')}</ToggleButton>
            <ToggleButton value="phoneNumber">{t('searchBy.phoneNumber')}</ToggleButton>
          </ToggleButtonGroup>
        </Stack>

        {form.mode === 'ticketNumber' && (
          <TextField
            size="small"
            label={t('fields.ticketNumber')}
            value={form.ticketNumber}
            onChange={(event) => onChange({ ticketNumber: event.target.value })}
            error={Boolean(errors.ticketNumber)}
            helperText={error('ticketNumber')}
            required
            autoFocus
            sx={{ maxInlineSize: 320 }}
            slotProps={{
              htmlInput: {
                inputMode: 'numeric',
                maxLength: REPORT_LIMITS.ticketNumberMaxDigits,
                dir: 'ltr',
              },
            }}
          />
        )}
        {form.mode === 'phoneNumber' && (
          <TextField
            size="small"
            type="tel"
            label={t('fields.phoneNumber')}
            value={form.phoneNumber}
            onChange={(event) => onChange({ phoneNumber: event.target.value })}
            error={Boolean(errors.phoneNumber)}
            helperText={error('phoneNumber') ?? t('hints.phoneNumber')}
            required
            autoFocus
            sx={{ maxInlineSize: 320 }}
            slotProps={{ htmlInput: { maxLength: REPORT_LIMITS.phoneMax, dir: 'ltr' } }}
          />
        )}
        {form.mode === 'filters' && (
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: {
                xs: '1fr',
                sm: 'repeat(2, minmax(0, 1fr))',
                lg: 'repeat(4, minmax(0, 1fr))',
              },
            }}
          >
            <Cell>
              <TextField
                size="small"
                fullWidth
                type="date"
                label={t('fields.startDate')}
                value={form.startDate}
                onChange={(event) => onChange({ startDate: event.target.value })}
                error={Boolean(errors.startDate)}
                helperText={error('startDate')}
                required
                slotProps={{
                  inputLabel: { shrink: true },
                  htmlInput: { min: REPORT_LIMITS.minDate },
                }}
              />
            </Cell>
            <Cell>
              <TextField
                size="small"
                fullWidth
                type="date"
                label={t('fields.endDate')}
                value={form.endDate}
                onChange={(event) => onChange({ endDate: event.target.value })}
                error={Boolean(errors.endDate)}
                helperText={error('endDate')}
                required
                slotProps={{
                  inputLabel: { shrink: true },
                  htmlInput: { min: form.startDate || REPORT_LIMITS.minDate },
                }}
              />
            </Cell>
            <Cell>
              <MultiSelect
                id="report-statuses"
                label={t('fields.statuses')}
                options={ReportStatus.options.map((s) => ({ value: s, label: t(`status.${s}`) }))}
                value={form.statuses}
                onChange={(statuses) => onChange({ statuses: statuses as ReportForm['statuses'] })}
              />
            </Cell>
            <Cell>
              <MultiSelect
                id="report-types"
                label={t('fields.checkoutFlows')}
                options={OrderingTemplate.options.map((c) => ({
                  value: c,
                  label: t(`types.${c}`),
                }))}
                value={form.checkoutFlows}
                onChange={(flows) =>
                  onChange({ checkoutFlows: flows as ReportForm['checkoutFlows'] })
                }
              />
            </Cell>
            <Cell>
              <MultiSelect
                id="report-payments"
                label={t('fields.paymentMethods')}
                options={ReportPaymentMethod.options.map((m) => ({
                  value: m,
                  label: t(`payment.${m}`),
                }))}
                value={form.paymentMethods}
                onChange={(methods) =>
                  onChange({ paymentMethods: methods as ReportForm['paymentMethods'] })
                }
              />
            </Cell>
            <Cell>
              <MultiSelect
                id="report-branches"
                label={t('fields.branchIds')}
                options={branches}
                value={form.branchIds}
                onChange={(branchIds) => onChange({ branchIds })}
              />
            </Cell>
            <Cell>
              <MultiSelect
                id="report-zones"
                label={t('fields.deliveryZoneIds')}
                options={zones}
                value={form.deliveryZoneIds}
                onChange={(deliveryZoneIds) => onChange({ deliveryZoneIds })}
              />
            </Cell>
            <Cell>
              <TextField
                size="small"
                fullWidth
                label={t('fields.serviceArea')}
                value={form.serviceArea}
                onChange={(event) => onChange({ serviceArea: event.target.value })}
                slotProps={{
                  inputLabel: { shrink: true },
                  htmlInput: { maxLength: REPORT_LIMITS.serviceAreaMax },
                }}
              />
            </Cell>
          </Box>
        )}
        {errors.other && (
          <Typography color="error" variant="body2" role="alert">
            {t('errors.other')}
          </Typography>
        )}
        <Stack
          direction="row"
          spacing={1}
          sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}
        >
          <Button type="submit" variant="contained" startIcon={<SearchIcon />}>
            {t('search')}
          </Button>
          <Button type="button" onClick={onReset}>
            {t('reset')}
          </Button>
          <Typography variant="caption" color="text.secondary" sx={{ marginInlineStart: 1 }}>
            {t('hints.timeZone', { zone: timeZone })}
          </Typography>
        </Stack>
      </Stack>
    </FormBox>
  );
}
