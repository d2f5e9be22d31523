import { useMemo } from 'react';
import { IMAGE_LIMITS, IMAGE_SIZES, IMAGE_TYPES } from '@app/contracts';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ImageField, type ImageFieldLabels } from '../../../components/image-field.tsx';
import { uploadImage } from '../../../lib/upload-image.ts';
import { useCatalogSession } from '../api/use-catalog-session.ts';

export type CatalogImageKind = keyof typeof IMAGE_SIZES;

/** The image of a banner, item or section, cropped at that type's size (menu-management.md §5). */
export function CatalogImageField({
  kind,
  value,
  onChange,
  hint,
  disabled,
}: {
  kind: CatalogImageKind;
  value: string | null;
  onChange: (url: string | null) => void;
  hint?: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation('catalog');
  const { tenantId } = useCatalogSession();
  const size = IMAGE_SIZES[kind];
  const labels = useMemo<ImageFieldLabels>(
    () => ({
      image: t(`image.name.${kind}`),
      upload: t('image.upload'),
      change: t('image.change'),
      remove: t('image.remove'),
      placeholder: t('image.placeholder'),
      hint: hint ?? t('image.sizeHint', { width: size.width, height: size.height }),
      cropTitle: t('image.cropTitle'),
      cropNote: t('image.cropNote', { width: size.width, height: size.height }),
      zoom: t('image.zoom'),
      cancel: t('actions.cancel'),
      confirm: t('image.confirm'),
      wrongType: t('image.wrongType'),
      tooLarge: t('image.tooLarge'),
      unreadable: t('image.unreadable'),
      uploadFailed: (status) =>
        status ? t('image.uploadFailedStatus', { status }) : t('image.uploadFailed'),
    }),
    [t, kind, hint, size],
  );
  return (
    <ImageField
      value={value}
      onChange={onChange}
      size={size}
      labels={labels}
      accept={IMAGE_TYPES}
      maxBytes={IMAGE_LIMITS.maxBytes}
      upload={(blob) => uploadImage(tenantId, blob, `${kind}.jpg`)}
      disabled={disabled}
    />
  );
}

/** The form's `images` list, which holds the one image of a section or an item. */
export function CatalogImagesControl<F extends FieldValues & { images?: string[] }, TOut>({
  control,
  kind,
}: {
  control: Control<F, unknown, TOut>;
  kind: CatalogImageKind;
}) {
  return (
    <Controller
      control={control}
      name={'images' as FieldPath<F>}
      render={({ field }) => (
        <CatalogImageField
          kind={kind}
          value={(field.value as string[] | undefined)?.[0] ?? null}
          onChange={(url) => field.onChange(url ? [url] : [])}
        />
      )}
    />
  );
}
