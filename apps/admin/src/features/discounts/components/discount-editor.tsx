import { useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { Controller, useForm, useWatch } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import {
  DISCOUNT_LIMITS,
  DiscountApplication,
  DiscountType,
  allowedTemplates,
  hasDiscountValue,
  takesAffectedItems,
  type Discount,
} from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { amountAdornment } from '../../../components/price-field.tsx';
import { CheckboxSetField } from '../../../components/checkbox-set.tsx';
import { BusyButton } from '../../../components/busy-button.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { CountedTextField } from '../../../components/counted-text-field.tsx';
import { ToggleField } from '../../../components/toggle-field.tsx';
import { ValidationError, isApiError } from '../../../lib/api-client.ts';
import { applyServerErrors, scrollToFirstInvalid } from '../../../lib/form-errors.ts';
import { useNotify } from '../../../lib/notify.tsx';
import { useTenantSession } from '../../../lib/use-tenant-session.ts';
import {
  useCreateDiscount,
  useDeleteDiscount,
  useUpdateDiscount,
} from '../api/discounts-queries.ts';
import { ItemsPickerDialog } from './items-picker-dialog.tsx';
import {
  DISCOUNT_TEMPLATES,
  discountErrorKey,
  discountFieldFor,
  discountResolver,
  newDiscountForm,
  toCreateBody,
  toDiscountForm,
  toUpdateBody,
  type DiscountField,
  type DiscountForm,
} from '../lib/discount-form.ts';
import { discountPaths } from '../paths.ts';
import { FormBox } from '../../../components/form-box.tsx';
import { AffectedItems } from './affected-items.tsx';
import { Choice } from './choice-field.tsx';

export function DiscountEditor({ discount }: { discount: Discount | null }) {
  const { t } = useTranslation('discounts');
  const { tenantId, currency, lang } = useTenantSession();
  const navigate = useNavigate();
  const notify = useNotify();
  const create = useCreateDiscount(tenantId);
  const update = useUpdateDiscount(tenantId);
  const remove = useDeleteDiscount(tenantId);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const adding = discount === null;
  const resolver = useMemo(() => discountResolver(adding, lang), [adding, lang]);
  const {
    control,
    handleSubmit,
    setError,
    setValue,
    formState: { isSubmitting },
  } = useForm<DiscountForm>({
    resolver,
    defaultValues: discount ? toDiscountForm(discount, lang) : newDiscountForm(),
    mode: 'onTouched',
  });
  const values = useWatch({ control }) as DiscountForm;
  const type = values.discountType || null;
  const [picking, setPicking] = useState(false);

  const message = (field: DiscountField, code: string | undefined) =>
    code === undefined
      ? undefined
      : t(`errors.${discountErrorKey(field, code, values)}` as 'errors.invalid', {
          max: DISCOUNT_LIMITS.nameMax,
        });

  const save = handleSubmit(
    async (form) => {
      try {
        if (discount) {
          await update.mutateAsync({ id: discount.id, body: toUpdateBody(form) });
          notify.success(t('snackbar.updated'));
        } else {
          await create.mutateAsync(toCreateBody(form, lang));
          notify.success(t('snackbar.created'));
        }
        void navigate(discountPaths.list);
      } catch (error) {
        if (isApiError(error, 403)) return;
        // §8: the server's codes on their fields, else the generic error.
        if (error instanceof ValidationError) {
          const unplaced = applyServerErrors(error.fieldErrors, setError, discountFieldFor);
          if (unplaced.length === 0) return;
        }
        console.error('discount save failed', error);
        notify.errorWithRefresh();
      }
    },
    () => scrollToFirstInvalid(),
  );

  const deleteDiscount = async () => {
    if (!discount) return;
    try {
      await remove.mutateAsync(discount);
      setConfirmingDelete(false);
      notify.success(t('snackbar.deleted'));
      void navigate(discountPaths.list);
    } catch (error) {
      setConfirmingDelete(false);
      if (isApiError(error, 403)) return;
      console.error('discount delete failed', error);
      notify.errorWithRefresh();
    }
  };

  const amountField = (
    name: 'discountValue' | 'minOrderValue' | 'maximumDiscountValue',
    label: string,
    options: { percent?: boolean; hint?: string } = {},
  ) => (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          {...field}
          inputRef={field.ref}
          label={label}
          required
          sx={{ maxInlineSize: 280 }}
          error={!!fieldState.error}
          helperText={message(name, fieldState.error?.message) ?? options.hint}
          slotProps={{
            htmlInput: { inputMode: 'decimal', dir: 'ltr' },
            input: amountAdornment(!!options.percent, currency),
          }}
        />
      )}
    />
  );

  const templates = type ? allowedTemplates(type) : DISCOUNT_TEMPLATES;
  const valued = type !== null && hasDiscountValue(type);

  return (
    <Paper variant="outlined" sx={{ padding: { xs: 2, sm: 3 } }}>
      <FormBox
        onSubmit={() => void save()}
        aria-label={adding ? t('form.newTitle') : t('form.editTitle')}
      >
        <Stack spacing={3}>
          {!adding && <Alert severity="info">{t('form.fixedAfterCreation')}</Alert>}
          <CountedTextField
            control={control}
            name="name"
            max={DISCOUNT_LIMITS.nameMax}
            label={t('form.name')}
            required
            disabled={!adding}
            errorText={(error) => message('name', error?.message)}
          />
          <Controller
            control={control}
            name="code"
            render={({ field, fieldState }) => (
              <TextField
                {...field}
                inputRef={field.ref}
                // §5.1: upper-cased as typed.
                onChange={(event) => field.onChange(event.target.value.toUpperCase())}
                label={t('form.code')}
                required
                disabled={!adding}
                sx={{ maxInlineSize: 360 }}
                error={!!fieldState.error}
                helperText={message('code', fieldState.error?.message) ?? t('form.codeHint')}
                slotProps={{
                  htmlInput: {
                    dir: 'ltr',
                    maxLength: DISCOUNT_LIMITS.codeMax + 10,
                    autoCapitalize: 'characters',
                    spellCheck: false,
                  },
                }}
              />
            )}
          />

          <Choice
            control={control}
            name="discountApplication"
            label={t('form.application')}
            options={DiscountApplication.options}
            optionLabel={(v) => t(`application.${v}`)}
            hint={(v) => t(`applicationHint.${v}`)}
            message={(code) => message('discountApplication', code)}
          />
          <Choice
            control={control}
            name="discountType"
            label={t('form.type')}
            options={DiscountType.options}
            optionLabel={(v) => t(`type.${v}`)}
            hint={(v) =>
              v === 'BUY_ONE_GET_ONE'
                ? t('form.bogoHint')
                : v === 'FREE_DELIVERY'
                  ? t('form.freeDeliveryHint')
                  : undefined
            }
            message={(code) => message('discountType', code)}
          />

          {valued &&
            amountField('discountValue', t('form.value'), { percent: type === 'PERCENTAGE' })}
          {amountField('minOrderValue', t('form.minOrder'), { hint: t('form.minOrderHint') })}
          {valued &&
            amountField('maximumDiscountValue', t('form.maximum'), {
              hint: t('form.maximumHint'),
            })}

          <CheckboxSetField
            control={control}
            name="checkoutTemplates"
            label={t('form.templates')}
            options={templates}
            order={DISCOUNT_TEMPLATES}
            optionLabel={(template) => t(`templates.${template}`)}
            message={(code) => message('checkoutTemplates', code)}
          />

          {type && takesAffectedItems(type) && (
            <AffectedItems
              control={control}
              onChoose={() => setPicking(true)}
              message={(code) => message('itemIds', code)}
            />
          )}

          <Stack spacing={1}>
            <ToggleField
              control={control}
              name="limitUsage"
              kind="checkbox"
              label={t('form.limitUsage')}
            />
            {values.limitUsage && (
              <Controller
                control={control}
                name="overallUsageLimit"
                render={({ field, fieldState }) => (
                  <TextField
                    {...field}
                    inputRef={field.ref}
                    label={t('form.usageLimit')}
                    required
                    sx={{ maxInlineSize: 280 }}
                    error={!!fieldState.error}
                    helperText={message('overallUsageLimit', fieldState.error?.message)}
                    slotProps={{ htmlInput: { inputMode: 'numeric', dir: 'ltr' } }}
                  />
                )}
              />
            )}
            {discount && (
              <Typography variant="body2" color="text.secondary">
                {t('form.usageCount', { count: discount.usageCount })}
              </Typography>
            )}
          </Stack>

          <ToggleField control={control} name="active" kind="switch" label={t('form.active')} />
          <Typography color="text.secondary">{t('form.expiry')}</Typography>

          <Stack direction="row" sx={{ gap: 1.5, flexWrap: 'wrap' }}>
            <BusyButton type="submit" busy={isSubmitting}>
              {t('form.save')}
            </BusyButton>
            <Button component={RouterLink} to={discountPaths.list}>
              {t('form.cancel')}
            </Button>
            {discount && (
              <Button
                color="error"
                startIcon={<DeleteOutlineIcon />}
                onClick={() => setConfirmingDelete(true)}
                sx={{ marginInlineStart: 'auto' }}
              >
                {t('form.delete')}
              </Button>
            )}
          </Stack>
        </Stack>
      </FormBox>
      <ItemsPickerDialog
        open={picking}
        selected={values.itemIds}
        onCancel={() => setPicking(false)}
        onDone={(ids) => {
          setPicking(false);
          setValue('itemIds', ids, { shouldValidate: true, shouldDirty: true });
        }}
      />
      {discount && (
        <ConfirmDialog
          open={confirmingDelete}
          title={t('form.deleteTitle', { code: discount.discountCode })}
          message={t('form.deleteMessage')}
          confirmLabel={t('form.delete')}
          cancelLabel={t('form.cancel')}
          destructive
          onConfirm={deleteDiscount}
          onClose={() => setConfirmingDelete(false)}
        />
      )}
    </Paper>
  );
}
