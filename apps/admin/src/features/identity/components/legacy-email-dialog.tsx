import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { EMAIL_ERROR_CODES, EmailAddress, EmailMigrationBody, LIMITS_EMAIL } from '@app/contracts';
import { isApiError, ValidationError } from '../../../lib/api-client.ts';
import { applyServerErrors, errorsFromIssues, issueCode } from '../../../lib/form-errors.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { serverErrorText } from '../../../lib/server-error-text.ts';
import { useMigrateEmail } from '../api/account-queries.ts';

interface MigrationForm {
  newEmail: string;
  name: string;
}

const asField = (field: string) =>
  field === 'newEmail' || field === 'name' ? (field as keyof MigrationForm) : null;

/**
 * The legacy email dialog of §2.12 and §5.6: the new address (required, valid) and the owner's
 * name (required, at least 3); Update is enabled only once the address is valid.
 */
/** The migration's refusals the admin says in its own language (EMAIL_ERROR_CODES). */
const LEGACY_ERRORS = [
  EMAIL_ERROR_CODES.inUse,
  EMAIL_ERROR_CODES.notLegacy,
  EMAIL_ERROR_CODES.alreadyMigrated,
] as const;

export function LegacyEmailDialog({
  open,
  tenantId,
  account,
  onClose,
  onMigrated,
}: {
  open: boolean;
  tenantId: string;
  /** The legacy address the account signs in with now. */
  account: string;
  onClose: () => void;
  onMigrated: (newEmail: string) => void;
}) {
  const { t } = useTranslation('account');
  const lang = useLanguage();
  const titleId = useId();
  const migrate = useMigrateEmail(account, tenantId);
  const [problem, setProblem] = useState<string | null>(null);
  const { control, handleSubmit, setError, reset } = useForm<MigrationForm>({
    defaultValues: { newEmail: '', name: '' },
    mode: 'onTouched',
    resolver: (values) => {
      const parsed = EmailMigrationBody.safeParse(values, { error: (i) => issueCode(i) });
      if (parsed.success) return { values, errors: {} };
      return { values: {}, errors: errorsFromIssues(parsed.error.issues, asField) };
    },
  });
  const emailValid = EmailAddress.safeParse(useWatch({ control, name: 'newEmail' })).success;

  const close = () => {
    if (migrate.isPending) return;
    setProblem(null);
    reset();
    onClose();
  };

  const submit = handleSubmit((values) => {
    setProblem(null);
    const body = EmailMigrationBody.parse(values);
    migrate.mutate(
      { body, lang },
      {
        onSuccess: (result) => {
          // §8: success false reads 'Failed to migrate email address'.
          if (!result.success) {
            setProblem(t('legacy.failed'));
            return;
          }
          reset();
          onMigrated(body.newEmail);
        },
        onError: (error) => {
          if (error instanceof ValidationError) {
            applyServerErrors(error.fieldErrors, setError, asField);
            return;
          }
          // §8: a 400 shows the server's text, else 'Invalid email address format': the text of
          // its code, in the admin's language (never the server's English).
          if (isApiError(error, 400)) {
            const known = LEGACY_ERRORS.find((code) => code === error.code);
            setProblem(
              known
                ? t(`legacy.errors.${known}`)
                : (serverErrorText(error) ?? t('legacy.invalidFormat')),
            );
            return;
          }
          setProblem(t('legacy.failed'));
        },
      },
    );
  });

  const text = (code: string | undefined, field: keyof MigrationForm) => {
    if (!code) return undefined;
    if (field === 'newEmail') {
      return code === 'required' ? t('legacy.emailRequired') : t('legacy.emailInvalid');
    }
    return code === 'required' ? t('legacy.nameRequired') : t('legacy.nameMin');
  };

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <form noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>{t('legacy.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <DialogContentText>{t('legacy.intro', { email: account })}</DialogContentText>
            {problem && (
              <Alert severity="error" role="alert">
                {problem}
              </Alert>
            )}
            <Controller
              name="newEmail"
              control={control}
              render={({ field, fieldState }) => (
                <TextField
                  {...field}
                  required
                  type="email"
                  autoComplete="email"
                  label={t('legacy.newEmail')}
                  error={fieldState.invalid}
                  helperText={text(fieldState.error?.message, 'newEmail')}
                  slotProps={{ htmlInput: { dir: 'ltr', maxLength: LIMITS_EMAIL.emailMax } }}
                />
              )}
            />
            <Controller
              name="name"
              control={control}
              render={({ field, fieldState }) => (
                <TextField
                  {...field}
                  required
                  autoComplete="name"
                  label={t('legacy.ownerName')}
                  error={fieldState.invalid}
                  helperText={text(fieldState.error?.message, 'name')}
                  slotProps={{ htmlInput: { maxLength: LIMITS_EMAIL.ownerNameMax } }}
                />
              )}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={migrate.isPending}>
            {t('legacy.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={!emailValid || migrate.isPending}>
            {t('legacy.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** The migration success dialog (§2.12): sign in again with the new address. */
export function MigratedDialog({
  open,
  email,
  onClose,
}: {
  open: boolean;
  email: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('account');
  const titleId = useId();
  // The address moves once its link is opened: nothing to log out for yet.
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{t('legacy.doneTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('legacy.done', { email })}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} variant="contained">
          {t('legacy.ok')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
