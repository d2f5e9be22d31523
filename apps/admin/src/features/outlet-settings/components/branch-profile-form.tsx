import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { LIMITS_BRANCH, issueCode, type BranchProfile } from '@app/contracts';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ValidationError } from '../../../lib/api-client.ts';
import { applyServerErrors, scrollToFirstInvalid } from '../../../lib/form-errors.ts';
import { useNotify } from '../../../lib/notify.tsx';
import { useSaveBranchProfile } from '../api/branch-settings-queries.ts';
import {
  BranchProfileForm,
  fromNameForm,
  nameFieldOf,
  toNameForm,
  useSettingsErrorText,
} from '../lib/settings-form.ts';
import { NameFields } from './name-fields.tsx';

/** §2.7, §5.3: the branch's name in three languages (≤ 50) and its international phone. */
export function BranchProfileFormCard({
  tenantId,
  profile,
}: {
  tenantId: string;
  profile: BranchProfile;
}) {
  const { t } = useTranslation('outlet');
  const notify = useNotify();
  const errorText = useSettingsErrorText();
  const save = useSaveBranchProfile(tenantId, profile.branchId);
  const { control, handleSubmit, setError, formState } = useForm({
    resolver: zodResolver(BranchProfileForm, { error: issueCode }),
    defaultValues: { name: toNameForm(profile.branchName), phoneNumber: profile.phoneNumber ?? '' },
  });

  const submit = handleSubmit(
    async (form) => {
      try {
        await save.mutateAsync({
          branchId: profile.branchId,
          branchName: fromNameForm(form.name),
          phoneNumber: form.phoneNumber,
        });
        notify.success(t('snackbar.updated'));
      } catch (error) {
        if (error instanceof ValidationError) {
          applyServerErrors(error.fieldErrors, setError, (field) =>
            field === 'phoneNumber' ? 'phoneNumber' : nameFieldOf('branchName', field),
          );
        }
        notify.error(t('snackbar.notSaved'));
      }
    },
    () => scrollToFirstInvalid(),
  );

  const max = LIMITS_BRANCH.branchNameMax;
  return (
    <Paper variant="outlined" sx={{ padding: { xs: 2, sm: 2.5 } }}>
      <Stack
        component="form"
        noValidate
        spacing={2}
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Typography variant="h6" component="h2">
          {t('profile.details')}
        </Typography>
        <NameFields
          control={control}
          max={max}
          labels={{ en: t('profile.nameEn'), ar: t('profile.nameAr'), es: t('profile.nameEs') }}
        />
        <Controller
          control={control}
          name="phoneNumber"
          render={({ field, fieldState }) => (
            <TextField
              {...field}
              inputRef={field.ref}
              label={t('profile.phone')}
              required
              type="tel"
              autoComplete="tel"
              error={!!fieldState.error}
              helperText={errorText(fieldState.error) ?? t('profile.phoneHint')}
              slotProps={{ htmlInput: { dir: 'ltr' } }}
              sx={{ maxInlineSize: { md: 360 } }}
            />
          )}
        />
        <Button
          type="submit"
          variant="contained"
          disabled={formState.isSubmitting}
          startIcon={
            formState.isSubmitting ? <CircularProgress size={16} color="inherit" /> : undefined
          }
          sx={{ alignSelf: 'flex-start' }}
        >
          {t('actions.save')}
        </Button>
      </Stack>
    </Paper>
  );
}
