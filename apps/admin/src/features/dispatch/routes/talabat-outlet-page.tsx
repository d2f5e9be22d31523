import { useState, type KeyboardEvent } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  InternationalPhone,
  Iso4217Currency,
  OUTLET_FIELDS,
  OUTLET_LIMITS,
  OutletConfigInput,
  OutletEmail,
  OutletLocale,
  issueCode,
  outletFieldsOf,
  localize,
  type BranchProfile,
  type OutletBody,
  type OutletConfig,
} from '@app/contracts';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BackLink } from '../../../components/back-link.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { ValidationError, isApiError } from '../../../lib/api-client.ts';
import { errorKey, ownKeys, type ErrorTable } from '../../../lib/error-table.ts';
import { applyServerErrors, scrollToFirstInvalid } from '../../../lib/form-errors.ts';
import { useNotify } from '../../../lib/notify.tsx';
import { branchProfilePath } from '../../../lib/paths.ts';
import { useTenantSession } from '../../../lib/use-tenant-session.ts';
import { useOutlet, useOutletBranch, useSaveOutlet } from '../api/outlet.ts';

/** The outlet form: the contract's rules, coordinates typed as text. */
const OutletForm = z.object({
  name: OutletConfigInput.shape.name,
  address: OutletConfigInput.shape.address,
  city: OutletConfigInput.shape.city,
  latitude: z.coerce.number<string>().min(-90).max(90),
  longitude: z.coerce.number<string>().min(-180).max(180),
  currency: Iso4217Currency,
  locale: OutletLocale,
  phone_number: InternationalPhone,
});
type OutletFormIn = z.input<typeof OutletForm>;
type OutletFormOut = z.output<typeof OutletForm>;

type FieldName = (typeof OUTLET_FIELDS)[number];

/** The outlet form's codes, each with its own message (errors.<code>). */
const OUTLET_ERRORS: ErrorTable = {
  any: ownKeys(
    'required',
    'max',
    'min',
    'invalid_type',
    'phone_invalid',
    'currency_invalid',
    'locale_invalid',
    'email_invalid',
  ),
};

function formOf(outlet: OutletConfig | null, branch: BranchProfile, lang: 'en' | 'ar' | 'es') {
  if (outlet)
    return {
      name: outlet.name,
      address: outlet.address,
      city: outlet.city,
      latitude: String(outlet.latitude),
      longitude: String(outlet.longitude),
      currency: outlet.currency,
      locale: outlet.locale,
      phone_number: outlet.phone_number,
    };
  // A new outlet starts from the branch: its name, phone and currency.
  return {
    name: localize(branch.branchName, 'en'),
    address: '',
    city: '',
    latitude: '',
    longitude: '',
    currency: branch.defaultCurrency,
    locale: lang === 'ar' ? 'ar' : 'en',
    phone_number: branch.phoneNumber ?? '',
  };
}

/** settings/profile/{id}/talabatexpress (§2.11): the branch's Talabat Express outlet. */
export function TalabatOutletPage() {
  const { t } = useTranslation('dispatch');
  const { id = '' } = useParams();
  const { tenantId, lang } = useTenantSession();
  const outlet = useOutlet(tenantId, id);
  const branch = useOutletBranch(tenantId, id);
  const failed = outlet.isError ? outlet : branch.isError ? branch : null;

  return (
    <Stack spacing={2.5} sx={{ maxInlineSize: 900 }}>
      <BackLink to={branchProfilePath(id)} sx={{ alignSelf: 'flex-start' }}>
        {t('outlet.back')}
      </BackLink>
      <Stack spacing={0.5}>
        <Typography variant="h5" component="h1">
          {t('outlet.title')}
        </Typography>
        {branch.data && (
          <Typography color="text.secondary">{localize(branch.data.branchName, lang)}</Typography>
        )}
      </Stack>
      {failed && <LoadError error={failed.error} onRetry={() => void failed.refetch()} />}
      {!failed && (outlet.isPending || branch.isPending) && (
        <Typography color="text.secondary" role="status">
          {t('outlet.loading')}
        </Typography>
      )}
      {outlet.isSuccess && branch.isSuccess && (
        <OutletEditor
          // A new outlet becomes an existing one after its first save: the form starts over.
          key={outlet.data ? 'existing' : 'new'}
          tenantId={tenantId}
          branchId={id}
          outlet={outlet.data}
          branch={branch.data}
        />
      )}
    </Stack>
  );
}

function OutletEditor({
  tenantId,
  branchId,
  outlet,
  branch,
}: {
  tenantId: string;
  branchId: string;
  outlet: OutletConfig | null;
  branch: BranchProfile;
}) {
  const { t } = useTranslation('dispatch');
  const { lang } = useTenantSession();
  const notify = useNotify();
  const save = useSaveOutlet(tenantId, branchId);
  const isNew = outlet === null;
  // A new outlet's emails go with its creation; an existing one's are saved at once (§4.4).
  const [pendingUsers, setPendingUsers] = useState<string[]>([]);
  const [removing, setRemoving] = useState<string | null>(null);
  const { control, handleSubmit, setError, formState } = useForm<
    OutletFormIn,
    unknown,
    OutletFormOut
  >({
    resolver: zodResolver(OutletForm, { error: issueCode }),
    defaultValues: formOf(outlet, branch, lang),
  });

  const errorText = (code: string | undefined) =>
    code ? t(`errors.${errorKey(OUTLET_ERRORS, undefined, code)}` as 'errors.invalid') : undefined;

  /** §8: a refused save shows 'Error, {first error}'; field codes also mark their controls. */
  const showFailure = (error: unknown) => {
    if (error instanceof ValidationError) {
      applyServerErrors(error.fieldErrors, setError, (field) => {
        const name = field.replace(/^outlet\./, '');
        return (OUTLET_FIELDS as readonly string[]).includes(name) ? name : null;
      });
      const first = error.fieldErrors[0];
      notify.error(t('outlet.error', { message: errorText(first?.codes[0]) }));
    } else if (isApiError(error, 400)) {
      notify.error(t('outlet.error', { message: error.message }));
    } else {
      notify.errorWithRefresh();
    }
  };

  const send = async (body: OutletBody) => {
    try {
      await save.mutateAsync(body);
      notify.success(t('outlet.updated'));
      return true;
    } catch (error) {
      showFailure(error);
      return false;
    }
  };

  const submit = handleSubmit(
    (form) =>
      void send({
        outlet: form,
        add_user: isNew ? pendingUsers : [],
        delete_user: [],
      }),
    () => scrollToFirstInvalid(),
  );

  const savedOutlet = (o: OutletConfig): OutletBody['outlet'] => outletFieldsOf(o);

  const addUser = async (email: string) => {
    if (outlet) return send({ outlet: savedOutlet(outlet), add_user: [email], delete_user: [] });
    setPendingUsers((list) => (list.includes(email) ? list : [...list, email]));
    return true;
  };
  const removeUser = async (email: string) => {
    if (outlet) {
      await send({ outlet: savedOutlet(outlet), add_user: [], delete_user: [email] });
    } else {
      setPendingUsers((list) => list.filter((u) => u !== email));
    }
    setRemoving(null);
  };

  const users = outlet ? outlet.users : pendingUsers;
  const field = (name: FieldName, extra: { dir?: 'ltr'; inputMode?: 'decimal' | 'tel' } = {}) => (
    <Controller
      name={name}
      control={control}
      render={({ field: f, fieldState }) => (
        <TextField
          {...f}
          value={f.value ?? ''}
          label={t(`fields.${name}`)}
          error={fieldState.invalid}
          helperText={errorText(fieldState.error?.message)}
          fullWidth
          slotProps={{
            htmlInput: {
              ...(extra.dir ? { dir: extra.dir } : {}),
              ...(extra.inputMode ? { inputMode: extra.inputMode } : {}),
            },
          }}
        />
      )}
    />
  );

  return (
    <Paper variant="outlined" sx={{ padding: { xs: 2, sm: 3 } }}>
      <Stack component="form" spacing={2} noValidate onSubmit={(e) => void submit(e)}>
        <Alert severity="info">{t('outlet.taxNote')}</Alert>
        {outlet && (
          <TextField
            label={t('fields.client_vendor_id')}
            value={outlet.client_vendor_id}
            slotProps={{ input: { readOnly: true }, htmlInput: { dir: 'ltr' } }}
            fullWidth
          />
        )}
        {field('name')}
        {field('address')}
        {field('city')}
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          {field('latitude', { dir: 'ltr', inputMode: 'decimal' })}
          {field('longitude', { dir: 'ltr', inputMode: 'decimal' })}
          {field('currency', { dir: 'ltr' })}
          {field('locale', { dir: 'ltr' })}
        </Box>
        {field('phone_number', { dir: 'ltr', inputMode: 'tel' })}
        <UserEmails
          users={users}
          busy={save.isPending}
          onAdd={addUser}
          onRemove={(email) => setRemoving(email)}
        />
        <Box>
          <Button
            type="submit"
            variant="contained"
            disabled={save.isPending || formState.isSubmitting}
            startIcon={save.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {isNew ? t('outlet.create') : t('outlet.save')}
          </Button>
        </Box>
      </Stack>
      <ConfirmDialog
        open={removing !== null}
        title={t('users.removeTitle')}
        message={t('users.removeMessage', { email: removing ?? '' })}
        confirmLabel={t('users.remove')}
        cancelLabel={t('users.keep')}
        destructive
        onConfirm={() => (removing ? removeUser(removing) : undefined)}
        onClose={() => setRemoving(null)}
      />
    </Paper>
  );
}

/** §5.5: emails become chips on a separator key or on blur, trimmed; empty text is ignored. */
function UserEmails({
  users,
  busy,
  onAdd,
  onRemove,
}: {
  users: readonly string[];
  busy: boolean;
  onAdd: (email: string) => Promise<boolean>;
  onRemove: (email: string) => void;
}) {
  const { t } = useTranslation('dispatch');
  const [text, setText] = useState('');
  const [invalid, setInvalid] = useState(false);

  const commit = async () => {
    const raw = text.trim().replace(/[,;]+$/, '');
    if (raw === '') {
      setText('');
      return;
    }
    const parsed = OutletEmail.safeParse(raw);
    if (!parsed.success) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    if (users.includes(parsed.data)) {
      setText('');
      return;
    }
    if (users.length >= OUTLET_LIMITS.usersMax) return;
    if (await onAdd(parsed.data)) setText('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (['Enter', ',', ';', ' '].includes(event.key)) {
      event.preventDefault();
      void commit();
    }
  };

  return (
    <Stack spacing={1}>
      <Typography variant="subtitle2" component="h2">
        {t('users.title')}
      </Typography>
      {users.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('users.empty')}
        </Typography>
      ) : (
        <Box
          component="ul"
          aria-label={t('users.title')}
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, padding: 0, margin: 0 }}
        >
          {users.map((email) => (
            <Box component="li" key={email} sx={{ listStyle: 'none' }}>
              <Chip
                label={<bdi>{email}</bdi>}
                onDelete={busy ? undefined : () => onRemove(email)}
              />
            </Box>
          ))}
        </Box>
      )}
      <TextField
        label={t('users.add')}
        value={text}
        type="email"
        disabled={busy}
        onChange={(e) => {
          setText(e.target.value);
          setInvalid(false);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => void commit()}
        error={invalid}
        helperText={invalid ? t('errors.email_invalid') : t('users.hint')}
        slotProps={{ htmlInput: { dir: 'ltr' } }}
        fullWidth
      />
    </Stack>
  );
}
