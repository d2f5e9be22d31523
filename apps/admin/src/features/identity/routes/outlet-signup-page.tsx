import { useMemo, useState } from 'react';
import { Link as RouterLink, Navigate, useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import LoginOutlined from '@mui/icons-material/LoginOutlined';
import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import {
  LIMITS_SIGNUP,
  OutletSignupBody,
  SIGNUP_COUNTRIES,
  SIGNUP_ERROR_CODES,
  outletSignupRoutes,
  phoneInCountry,
  slugOfOutletName,
  type Language,
  type SignupCountry,
} from '@app/contracts';
import { Spinner } from '../../../components/spinner.tsx';
import { callApi, isApiError, ValidationError } from '../../../lib/api-client.ts';
import { startSignIn } from '../../../lib/auth.ts';
import { SUPPORT_EMAIL } from '../../../lib/config.ts';
import { mirrorInRtl } from '../../../lib/direction.ts';
import {
  applyServerErrors,
  errorsFromIssues,
  issueCode,
  scrollToFirstInvalid,
} from '../../../lib/form-errors.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { landingPath } from '../../../lib/landing.ts';
import { paths } from '../../../lib/paths.ts';
import { TENANT_STORAGE_KEY, useSession } from '../../../lib/session.tsx';
import { identityKeys } from '../api/identity-queries.ts';

interface SignupForm {
  country: SignupCountry | '';
  outletName: string;
  phoneNumber: string;
}

const COUNTRIES = Object.keys(SIGNUP_COUNTRIES) as SignupCountry[];
const FIELDS: readonly (keyof SignupForm)[] = ['country', 'outletName', 'phoneNumber'];
const asField = (field: string) =>
  (FIELDS as readonly string[]).includes(field) ? (field as keyof SignupForm) : null;

/**
 * signup/outlet-signup-profile (§2.1, §2.12, §5.6): a signed-in user without an outlet gives its
 * country, name and phone and becomes the owner of a new tenant on a 30-day trial. A visitor
 * first creates an account on the sign-in page ("Create an account").
 */
export function OutletSignupPage() {
  const { t } = useTranslation('account');
  const session = useSession();

  if (session.status === 'loading') return <Spinner />;
  if (session.user === null) return <CreateAccountFirst />;
  // Someone who already works in a tenant (or on the platform) has nothing to sign up for.
  const landing = landingPath(session, null);
  if (landing !== paths.outletSignup) return <Navigate to={landing} replace />;

  return (
    <Card sx={{ maxInlineSize: 640, marginInline: 'auto', marginBlockStart: { xs: 2, sm: 4 } }}>
      <CardContent sx={{ padding: { xs: 3, sm: 4 } }}>
        <Stack spacing={2}>
          <Typography variant="h4" component="h1">
            {t('signup.title')}
          </Typography>
          <Typography color="text.secondary">
            {t('signup.lead', { account: session.user.email })}
          </Typography>
          <Alert severity="info">{t('signup.trial', { days: LIMITS_SIGNUP.trialDays })}</Alert>
          <SignupFormFields />
          <div>
            <Button
              component={RouterLink}
              to={paths.logout}
              startIcon={<LogoutOutlined sx={mirrorInRtl} />}
            >
              {t('signup.notYou')}
            </Button>
          </div>
        </Stack>
      </CardContent>
    </Card>
  );
}

function CreateAccountFirst() {
  const { t } = useTranslation('account');
  const [failed, setFailed] = useState(false);
  return (
    <Card sx={{ maxInlineSize: 640, marginInline: 'auto', marginBlockStart: { xs: 2, sm: 4 } }}>
      <CardContent sx={{ padding: { xs: 3, sm: 4 } }}>
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Typography variant="h4" component="h1">
            {t('signup.title')}
          </Typography>
          <Typography>{t('signup.accountFirst', { days: LIMITS_SIGNUP.trialDays })}</Typography>
          {failed && (
            <Alert severity="error" sx={{ inlineSize: '100%' }}>
              {t('signup.redirectFailed')}
            </Alert>
          )}
          <Button
            variant="contained"
            startIcon={<LoginOutlined sx={mirrorInRtl} />}
            onClick={() => {
              setFailed(false);
              startSignIn().catch(() => setFailed(true));
            }}
          >
            {t('signup.createAccount')}
          </Button>
          <Typography variant="body2" color="text.secondary">
            <Trans
              t={t}
              i18nKey="signup.contact"
              values={{ email: SUPPORT_EMAIL }}
              components={{ mail: <Link href={`mailto:${SUPPORT_EMAIL}`} /> }}
            />
          </Typography>
        </Stack>
      </CardContent>
    </Card>
  );
}

function SignupFormFields() {
  const { t } = useTranslation('account');
  const lang = useLanguage();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<string | null>(null);
  const regionNames = useMemo(() => new Intl.DisplayNames([lang], { type: 'region' }), [lang]);
  const countries = useMemo(
    () =>
      COUNTRIES.map((code) => ({ code, name: regionNames.of(code) ?? code })).sort((a, b) =>
        a.name.localeCompare(b.name, lang),
      ),
    [regionNames, lang],
  );

  const { control, handleSubmit, setError } = useForm<SignupForm>({
    defaultValues: { country: '', outletName: '', phoneNumber: '' },
    mode: 'onTouched',
    resolver: (values) => {
      const parsed = OutletSignupBody.safeParse(bodyOf(values, lang), {
        error: (issue) => issueCode(issue),
      });
      if (parsed.success) return { values, errors: {} };
      return { values: {}, errors: errorsFromIssues(parsed.error.issues, asField) };
    },
  });
  const outletName = useWatch({ control, name: 'outletName' });

  const signUp = useMutation({
    mutationFn: (values: SignupForm) =>
      callApi(outletSignupRoutes.outletSignup, {
        body: bodyOf(values, lang) as OutletSignupBody,
      }),
    onSuccess: async (result) => {
      try {
        window.localStorage.setItem(TENANT_STORAGE_KEY, result.tenantId);
      } catch {
        // Without storage the app opens the user's first tenant: this one.
      }
      // The session reads the user's tenants again and finds the new one; then its admin.
      await queryClient.invalidateQueries({ queryKey: identityKeys.all });
      void navigate(paths.dashboard, { replace: true });
    },
    onError: (error) => {
      if (error instanceof ValidationError) {
        const unplaced = applyServerErrors(error.fieldErrors, setError, asField);
        if (unplaced.length > 0) setProblem(t('signup.errors.failed'));
        return;
      }
      if (isApiError(error, 409) && error.code === SIGNUP_ERROR_CODES.alreadyMember) {
        setProblem(t('signup.errors.alreadyMember'));
        return;
      }
      setProblem(t('signup.errors.failed'));
    },
  });

  const message = (field: keyof SignupForm, code: string | undefined): string | undefined => {
    if (!code) return undefined;
    const known: Record<string, string> = {
      required: t('signup.errors.required'),
      invalid_value: t('signup.errors.required'),
      min: t('signup.errors.nameLength', {
        min: LIMITS_SIGNUP.outletNameMin,
        max: LIMITS_SIGNUP.outletNameMax,
      }),
      max: t('signup.errors.nameLength', {
        min: LIMITS_SIGNUP.outletNameMin,
        max: LIMITS_SIGNUP.outletNameMax,
      }),
      outlet_name_invalid: t('signup.errors.nameLatin'),
      outlet_name_taken: t('signup.errors.nameTaken'),
      phone_invalid: t('signup.errors.phone'),
    };
    return known[code] ?? (field === 'phoneNumber' ? t('signup.errors.phone') : undefined);
  };

  return (
    <Stack
      component="form"
      noValidate
      spacing={2.5}
      onSubmit={handleSubmit(
        (values) => {
          setProblem(null);
          signUp.mutate(values);
        },
        () => scrollToFirstInvalid(),
      )}
    >
      {problem && (
        <Alert severity="error" role="alert">
          {problem}
        </Alert>
      )}
      <Controller
        name="country"
        control={control}
        render={({ field, fieldState }) => (
          <TextField
            {...field}
            select
            required
            label={t('signup.country')}
            error={fieldState.invalid}
            helperText={message('country', fieldState.error?.message)}
          >
            {countries.map((c) => (
              <MenuItem key={c.code} value={c.code}>
                {c.name}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <Controller
        name="outletName"
        control={control}
        render={({ field, fieldState }) => (
          <TextField
            {...field}
            required
            label={t('signup.outletName')}
            autoComplete="organization"
            error={fieldState.invalid}
            slotProps={{ htmlInput: { maxLength: LIMITS_SIGNUP.outletNameMax, dir: 'ltr' } }}
            helperText={
              message('outletName', fieldState.error?.message) ??
              t('signup.outletNameHint', {
                min: LIMITS_SIGNUP.outletNameMin,
                max: LIMITS_SIGNUP.outletNameMax,
                address: `/store/${slugOfOutletName(outletName) || '…'}`,
              })
            }
          />
        )}
      />
      <Controller
        name="phoneNumber"
        control={control}
        render={({ field, fieldState }) => (
          <TextField
            {...field}
            required
            type="tel"
            label={t('signup.phone')}
            autoComplete="tel"
            error={fieldState.invalid}
            slotProps={{ htmlInput: { dir: 'ltr', inputMode: 'tel' } }}
            helperText={message('phoneNumber', fieldState.error?.message) ?? t('signup.phoneHint')}
          />
        )}
      />
      <div>
        <Button type="submit" variant="contained" size="large" disabled={signUp.isPending}>
          {t('signup.submit')}
        </Button>
      </div>
    </Stack>
  );
}

/**
 * The body the form sends: the phone read in the chosen country when typed without its +, and
 * the language the owner signs up in as the outlet's admin language.
 */
function bodyOf(values: SignupForm, language: Language) {
  return {
    country: values.country === '' ? undefined : values.country,
    outletName: values.outletName,
    phoneNumber: phoneInCountry(values.phoneNumber, values.country),
    language,
  };
}
