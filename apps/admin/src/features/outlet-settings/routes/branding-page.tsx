import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CheckIcon from '@mui/icons-material/Check';
import {
  BRANDING_IMAGES,
  BRAND_COLOURS,
  HexColour,
  IMAGE_LIMITS,
  IMAGE_TYPES,
  LIMITS_BRANCH,
  brandColourWarnings,
  brandContrast,
  issueCode,
  localize,
  readableTextOn,
  type Branding,
} from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { ImageField, type ImageFieldLabels } from '../../../components/image-field.tsx';
import { QueryStatus } from '../../../components/load-error.tsx';
import { ValidationError } from '../../../lib/api-client.ts';
import { applyServerErrors, scrollToFirstInvalid } from '../../../lib/form-errors.ts';
import { useNotify } from '../../../lib/notify.tsx';
import { useTenantSession } from '../../../lib/use-tenant-session.ts';
import type { BrandingImageKind } from '../api/branch-settings-api.ts';
import {
  useBranding,
  useSetBusinessName,
  useSetStoreView,
  useSetTheme,
  useUploadBrandingImage,
} from '../api/branch-settings-queries.ts';
import {
  BusinessNameForm,
  fromNameForm,
  nameFieldOf,
  toNameForm,
  useSettingsErrorText,
} from '../lib/settings-form.ts';
import { NameFields } from '../components/name-fields.tsx';
import { SettingsCard } from '../components/settings-card.tsx';

/** settings/branding (§2.7): images, store view, brand colour and business name. */
export function BrandingPage() {
  const { t } = useTranslation('outlet');
  const { tenantId } = useTenantSession();
  const branding = useBranding(tenantId);

  return (
    <Stack spacing={2.5} sx={{ maxInlineSize: 1000 }}>
      <Stack spacing={1}>
        <Typography variant="h5" component="h1">
          {t('branding.title')}
        </Typography>
        <Typography color="text.secondary">{t('branding.intro')}</Typography>
      </Stack>
      <QueryStatus query={branding} />
      {branding.data && (
        <>
          <BrandColour tenantId={tenantId} branding={branding.data} />
          <StoreView tenantId={tenantId} branding={branding.data} />
          <BusinessName
            key={JSON.stringify(branding.data.localizedName)}
            tenantId={tenantId}
            branding={branding.data}
          />
          <SettingsCard title={t('branding.images')}>
            <Box
              sx={{
                display: 'grid',
                gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' },
                gap: 3,
              }}
            >
              <BrandingImageField
                tenantId={tenantId}
                kind="banner"
                value={branding.data.bannerImageUrl}
              />
              <BrandingImageField
                tenantId={tenantId}
                kind="landing"
                value={branding.data.landingImageUrl}
              />
              <BrandingImageField tenantId={tenantId} kind="logo" value={branding.data.logoUrl} />
              <BrandingImageField
                tenantId={tenantId}
                kind="logoWhite"
                value={branding.data.logoWhiteUrl}
              />
            </Box>
          </SettingsCard>
        </>
      )}
    </Stack>
  );
}

/** §5.3, §9: the 16 swatches and a custom hex (added to the list); the preview shows the saved one. */
function BrandColour({ tenantId, branding }: { tenantId: string; branding: Branding }) {
  const { t } = useTranslation('outlet');
  const { lang } = useTenantSession();
  const notify = useNotify();
  const errorText = useSettingsErrorText();
  const setTheme = useSetTheme(tenantId);
  const saved = branding.theme.primaryHex;
  const [chosen, setChosen] = useState(saved);
  const [custom, setCustom] = useState('');
  const [customError, setCustomError] = useState<string | null>(null);
  const [extra, setExtra] = useState<string[]>(
    (BRAND_COLOURS as readonly string[]).includes(saved) ? [] : [saved],
  );
  const swatches = [...BRAND_COLOURS, ...extra];

  const addCustom = () => {
    const parsed = HexColour.safeParse(custom);
    if (!parsed.success) {
      setCustomError(custom.trim() === '' ? 'required' : 'hex_color_invalid');
      return;
    }
    setCustomError(null);
    if (!swatches.includes(parsed.data)) setExtra((e) => [...e, parsed.data]);
    setChosen(parsed.data);
    setCustom('');
  };

  const save = () =>
    setTheme.mutate(chosen, {
      onSuccess: () => notify.success(t('snackbar.updated')),
      onError: () => notify.error(t('snackbar.notSaved')),
    });
  // The save's own answer once there is one; before, the same rule on the colour loaded.
  const warnings =
    setTheme.data?.theme.primaryHex === saved ? setTheme.data.warnings : brandColourWarnings(saved);
  const lowContrast = warnings.find((w) => w.code === 'contrast');
  const onBrand = readableTextOn(saved);
  const contrast = brandContrast(saved);
  const takeShade = (shade: string) => {
    if (!swatches.includes(shade)) setExtra((e) => [...e, shade]);
    setChosen(shade);
  };

  return (
    <SettingsCard title={t('branding.colour')}>
      <Box
        role="radiogroup"
        aria-label={t('branding.colour')}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}
      >
        {swatches.map((hex) => (
          <Box
            key={hex}
            component="button"
            type="button"
            role="radio"
            aria-checked={chosen === hex}
            aria-label={hex}
            onClick={() => setChosen(hex)}
            sx={{
              inlineSize: 40,
              blockSize: 40,
              borderRadius: '50%',
              bgcolor: hex,
              border: 2,
              borderColor: chosen === hex ? 'text.primary' : 'transparent',
              outlineOffset: 2,
              cursor: 'pointer',
              display: 'grid',
              placeItems: 'center',
              color: readableTextOn(hex),
            }}
          >
            {chosen === hex && <CheckIcon fontSize="small" />}
          </Box>
        ))}
      </Box>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        sx={{ gap: 1, alignItems: { sm: 'flex-start' } }}
      >
        <TextField
          size="small"
          label={t('branding.customColour')}
          placeholder="#1a2b3c"
          value={custom}
          onChange={(e) => setCustom(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              addCustom();
            }
          }}
          error={customError !== null}
          helperText={customError ? errorText({ message: customError }) : ' '}
          slotProps={{ htmlInput: { dir: 'ltr', maxLength: 7 } }}
        />
        <Button variant="outlined" onClick={addCustom}>
          {t('branding.addColour')}
        </Button>
      </Stack>
      <Button
        variant="contained"
        onClick={save}
        disabled={setTheme.isPending || chosen === saved}
        startIcon={setTheme.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
        sx={{ alignSelf: 'flex-start' }}
      >
        {t('branding.saveColour')}
      </Button>
      {lowContrast && (
        <Alert
          severity="warning"
          action={
            lowContrast.contrast.darkerShade && lowContrast.contrast.darkerShade !== chosen ? (
              <Button
                color="inherit"
                size="small"
                onClick={() => takeShade(lowContrast.contrast.darkerShade!)}
              >
                {t('branding.useShade', { shade: lowContrast.contrast.darkerShade })}
              </Button>
            ) : undefined
          }
        >
          {t('branding.contrastWarning', {
            colour: saved,
            ratio: lowContrast.contrast.whiteText,
            black: lowContrast.contrast.blackText,
          })}
        </Alert>
      )}
      <Box
        data-testid="brand-preview"
        aria-label={t('branding.preview')}
        role="img"
        sx={{
          borderRadius: 2,
          overflow: 'hidden',
          border: 1,
          borderColor: 'divider',
          maxInlineSize: 360,
        }}
      >
        <Box
          data-testid="brand-preview-bar"
          sx={{ bgcolor: saved, color: onBrand, paddingInline: 2, paddingBlock: 1.5 }}
        >
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {localize(branding.localizedName, lang)}
          </Typography>
        </Box>
        <Box sx={{ padding: 2 }}>
          <Box
            sx={{
              display: 'inline-block',
              bgcolor: saved,
              color: onBrand,
              borderRadius: 5,
              paddingInline: 2,
              paddingBlock: 0.75,
            }}
          >
            {t('branding.previewButton')}
          </Box>
        </Box>
      </Box>
      <Typography variant="body2" color="text.secondary" data-testid="brand-text-contrast">
        {t('branding.contrastOk', {
          text: t(`branding.textColour.${onBrand === '#ffffff' ? 'white' : 'black'}`),
          ratio: onBrand === '#ffffff' ? contrast.whiteText : contrast.blackText,
        })}
      </Typography>
    </SettingsCard>
  );
}

/** §4.4, §8: the store view saves at once; a 422 says sections forbid it and reverts. */
function StoreView({ tenantId, branding }: { tenantId: string; branding: Branding }) {
  const { t } = useTranslation('outlet');
  const notify = useNotify();
  const setView = useSetStoreView(tenantId);
  const [blocked, setBlocked] = useState(false);
  return (
    <SettingsCard title={t('branding.storeView')}>
      <RadioGroup
        aria-label={t('branding.storeView')}
        value={branding.view_ShowSection ? 'dining' : 'delivery'}
        onChange={(_e, value) => {
          setBlocked(false);
          setView.mutate(value === 'dining', {
            onSuccess: () => notify.success(t('snackbar.updated')),
            onError: (error) => {
              if (error instanceof ValidationError) setBlocked(true);
              else notify.error(t('snackbar.notSaved'));
            },
          });
        }}
      >
        <FormControlLabel
          value="dining"
          control={<Radio />}
          label={t('branding.diningFocused')}
          disabled={setView.isPending}
        />
        <FormControlLabel
          value="delivery"
          control={<Radio />}
          label={t('branding.deliveryFocused')}
          disabled={setView.isPending}
        />
      </RadioGroup>
      {blocked && (
        <Alert severity="warning" onClose={() => setBlocked(false)}>
          {t('branding.viewBlocked')}
        </Alert>
      )}
    </SettingsCard>
  );
}

function BusinessName({ tenantId, branding }: { tenantId: string; branding: Branding }) {
  const { t } = useTranslation('outlet');
  const notify = useNotify();
  const save = useSetBusinessName(tenantId);
  const { control, handleSubmit, setError, formState } = useForm({
    resolver: zodResolver(BusinessNameForm, { error: issueCode }),
    defaultValues: { name: toNameForm(branding.localizedName) },
  });
  const max = LIMITS_BRANCH.businessNameMax;
  const submit = handleSubmit(
    async (form) => {
      try {
        await save.mutateAsync({ localizedName: fromNameForm(form.name) });
        notify.success(t('snackbar.updated'));
      } catch (error) {
        if (error instanceof ValidationError)
          applyServerErrors(error.fieldErrors, setError, (field) =>
            nameFieldOf('localizedName', field),
          );
        notify.error(t('snackbar.notSaved'));
      }
    },
    () => scrollToFirstInvalid(),
  );
  return (
    <SettingsCard title={t('branding.businessName')}>
      <Stack
        component="form"
        noValidate
        spacing={2}
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <NameFields
          control={control}
          max={max}
          labels={{ en: t('branding.nameEn'), ar: t('branding.nameAr'), es: t('branding.nameEs') }}
        />
        <Button
          type="submit"
          variant="contained"
          disabled={formState.isSubmitting}
          sx={{ alignSelf: 'flex-start' }}
        >
          {t('actions.save')}
        </Button>
      </Stack>
    </SettingsCard>
  );
}

const PREVIEW_WIDTH: Record<BrandingImageKind, number> = {
  banner: 360,
  landing: 180,
  logo: 160,
  logoWhite: 160,
};

function BrandingImageField({
  tenantId,
  kind,
  value,
}: {
  tenantId: string;
  kind: BrandingImageKind;
  value: string | null;
}) {
  const { t } = useTranslation('outlet');
  const { t: tc } = useTranslation('catalog');
  const notify = useNotify();
  const upload = useUploadBrandingImage(tenantId, kind);
  const size = BRANDING_IMAGES[kind];
  const labels = useMemo<ImageFieldLabels>(
    () => ({
      image: t(`branding.imageNames.${kind}`),
      upload: tc('image.upload'),
      change: tc('image.change'),
      remove: tc('image.remove'),
      placeholder: tc('image.placeholder'),
      hint: t(`branding.imageHints.${kind}`, { width: size.width, height: size.height }),
      cropTitle: tc('image.cropTitle'),
      cropNote: tc('image.cropNote', { width: size.width, height: size.height }),
      zoom: tc('image.zoom'),
      cancel: t('actions.cancel'),
      confirm: tc('image.confirm'),
      wrongType: tc('image.wrongType'),
      tooLarge: tc('image.tooLarge'),
      unreadable: tc('image.unreadable'),
      uploadFailed: (status) =>
        status ? tc('image.uploadFailedStatus', { status }) : tc('image.uploadFailed'),
    }),
    [t, tc, kind, size],
  );
  return (
    <Stack spacing={1}>
      <Typography variant="subtitle2" component="h3">
        {labels.image}
      </Typography>
      <ImageField
        value={value}
        onChange={() => notify.success(t('snackbar.updated'))}
        size={size}
        labels={labels}
        accept={size.png ? ['image/png'] : IMAGE_TYPES}
        maxBytes={IMAGE_LIMITS.maxBytes}
        outputType={size.png ? 'image/png' : 'image/jpeg'}
        removable={false}
        fit={kind === 'banner' || kind === 'landing' ? 'cover' : 'contain'}
        previewWidth={PREVIEW_WIDTH[kind]}
        upload={async (blob) => (await upload.mutateAsync(blob)).url}
      />
    </Stack>
  );
}
