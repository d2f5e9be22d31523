import { useEffect, useId, useRef, useState } from 'react';
import Cropper, { type Area } from 'react-easy-crop';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import UploadIcon from '@mui/icons-material/Upload';
import { CancelConfirmActions } from './dialog-parts.tsx';
import {
  aspectOf,
  cropDialogWidth,
  cropToBlob,
  decodeImage,
  initialArea,
  isAcceptedImage,
  type DecodedImage,
  type ImageSize,
  type PixelArea,
} from './crop-image.ts';

export interface ImageFieldLabels {
  /** The image's name, e.g. "Item image". */
  image: string;
  upload: string;
  change: string;
  remove: string;
  placeholder: string;
  /** Shown under the image, e.g. the preferred size. */
  hint?: string;
  cropTitle: string;
  /** The note for users in the cropper. */
  cropNote: string;
  zoom: string;
  cancel: string;
  confirm: string;
  wrongType: string;
  /** Over the size limit, said before uploading or by the server. */
  tooLarge: string;
  /** The file cannot be decoded as an image (damaged, or not an image at all). */
  unreadable: string;
  /** The failure text, with the HTTP status when the server answered. */
  uploadFailed: (status: number | null) => string;
}

export interface ImageFieldProps {
  value: string | null;
  onChange: (url: string | null) => void;
  /** The size the image is cropped and stored at; its ratio is the crop's aspect. */
  size: ImageSize;
  /** Sends the cropped image; resolves with its url. Rejects with `{ status }` when it can. */
  upload: (image: Blob) => Promise<string>;
  labels: ImageFieldLabels;
  accept: readonly string[];
  maxBytes: number;
  disabled?: boolean;
  /** The encoding of the cropped image; PNG keeps transparency (a white logo). */
  outputType?: 'image/jpeg' | 'image/png';
  /** Offer to remove the image (not where the image is required once set). */
  removable?: boolean;
  /** Shows the image whole (a logo) instead of filling the frame. */
  fit?: 'cover' | 'contain';
  /** The preview's widest size in pixels (a tall image needs less). */
  previewWidth?: number;
}

/** What a failed upload may tell: an HTTP status and, for a 422, the codes of its fields. */
type UploadError =
  { status?: number; fieldErrors?: readonly { codes: readonly string[] }[] } | null | undefined;

function uploadErrorText(caught: unknown, labels: ImageFieldLabels): string {
  const error = caught as UploadError;
  const codes = error?.fieldErrors?.flatMap((e) => e.codes) ?? [];
  if (error?.status === 413 || codes.includes('image_too_large')) return labels.tooLarge;
  if (codes.includes('image_invalid')) return labels.unreadable;
  if (codes.includes('image_type_not_allowed')) return labels.wrongType;
  return labels.uploadFailed(error?.status ? error.status : null);
}

/** Before the image is laid out the cropper may report an empty or NaN area: keep ours then. */
const isDrawable = (area: PixelArea) =>
  [area.x, area.y, area.width, area.height].every(Number.isFinite) &&
  area.width > 0 &&
  area.height > 0;

/** The picked file: its address for the cropper and its decoded pixels for the canvas. */
type Source = { url: string; decoded: DecodedImage };

/** An image with upload (through a cropper at the image type's size and aspect) and removal. */
export function ImageField({
  value,
  onChange,
  size,
  upload,
  labels,
  accept,
  maxBytes,
  disabled = false,
  outputType = 'image/jpeg',
  removable = true,
  fit = 'cover',
  previewWidth = 360,
}: ImageFieldProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [source, setSource] = useState<Source | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const hintId = useId();

  useEffect(
    () => () => {
      if (!source) return;
      URL.revokeObjectURL(source.url);
      source.decoded.close();
    },
    [source],
  );

  const pick = async (file: File | undefined) => {
    if (inputRef.current) inputRef.current.value = '';
    if (!file) return;
    if (!isAcceptedImage(file, accept)) {
      setError(labels.wrongType);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      // Decoded before the cropper opens: a damaged file is named here, not left as a blank crop.
      const decoded = await decodeImage(file);
      setSource({ url: URL.createObjectURL(file), decoded });
    } catch {
      setError(labels.unreadable);
    } finally {
      setBusy(false);
    }
  };

  const cancel = () => {
    setSource(null);
    setError(null);
  };

  const confirm = async (area: PixelArea) => {
    if (!source) return;
    setBusy(true);
    setError(null);
    try {
      // The limit applies to what is uploaded: the cropped image, not the picked file.
      const blob = await cropToBlob(source.decoded.image, area, size, outputType);
      if (blob.size > maxBytes) {
        setError(labels.tooLarge);
        return;
      }
      onChange(await upload(blob));
      setSource(null);
    } catch (caught) {
      setError(uploadErrorText(caught, labels));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      <Box
        sx={{
          inlineSize: '100%',
          maxInlineSize: previewWidth,
          aspectRatio: `${size.width} / ${size.height}`,
          borderRadius: 1,
          overflow: 'hidden',
          bgcolor: 'grey.100',
          border: 1,
          borderColor: 'divider',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
        }}
      >
        {value ? (
          <Box
            component="img"
            src={value}
            alt={labels.image}
            sx={{ inlineSize: '100%', blockSize: '100%', objectFit: fit }}
          />
        ) : (
          <Stack sx={{ alignItems: 'center', color: 'text.secondary' }} aria-label={labels.image}>
            <ImageOutlinedIcon fontSize="large" />
            <Typography variant="caption">{labels.placeholder}</Typography>
          </Stack>
        )}
      </Box>
      {labels.hint && (
        <Typography id={hintId} variant="caption" color="text.secondary">
          {labels.hint}
        </Typography>
      )}
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
        <Button
          variant="outlined"
          size="small"
          startIcon={<UploadIcon />}
          onClick={() => inputRef.current?.click()}
          disabled={disabled || busy}
          aria-describedby={labels.hint ? hintId : undefined}
        >
          {value ? labels.change : labels.upload}
        </Button>
        {value && removable && (
          <Button
            size="small"
            color="error"
            startIcon={<DeleteOutlineIcon />}
            onClick={() => onChange(null)}
            disabled={disabled || busy}
          >
            {labels.remove}
          </Button>
        )}
      </Stack>
      <input
        ref={inputRef}
        type="file"
        hidden
        accept={[...accept, '.jpg', '.jpeg', '.png', '.bmp'].join(',')}
        aria-label={labels.upload}
        data-testid="image-file-input"
        onChange={(event) => void pick(event.target.files?.[0])}
      />
      {error && !source && (
        <Alert severity="error" role="alert" sx={{ inlineSize: '100%' }}>
          {error}
        </Alert>
      )}
      {source && (
        <CropDialog
          source={source}
          size={size}
          labels={labels}
          busy={busy}
          error={error}
          onCancel={cancel}
          onConfirm={(area) => void confirm(area)}
        />
      )}
    </Stack>
  );
}

function CropDialog({
  source,
  size,
  labels,
  busy,
  error,
  onCancel,
  onConfirm,
}: {
  source: Source;
  size: ImageSize;
  labels: ImageFieldLabels;
  busy: boolean;
  /** Shown in the dialog: the page behind it is hidden from assistive technology while open. */
  error: string | null;
  onCancel: () => void;
  onConfirm: (area: PixelArea) => void;
}) {
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  // The cropper's own first report replaces this once it has laid the image out.
  const [area, setArea] = useState<PixelArea>(() => initialArea(source.decoded, size));
  const titleId = useId();
  const width = cropDialogWidth(size);

  return (
    <Dialog
      open
      onClose={busy ? undefined : onCancel}
      aria-labelledby={titleId}
      slotProps={{
        paper: { sx: { inlineSize: width, maxInlineSize: 'calc(100% - 32px)', margin: 2 } },
      }}
    >
      <DialogTitle id={titleId}>{labels.cropTitle}</DialogTitle>
      <DialogContent sx={{ paddingInline: 2 }}>
        {/* The cropper positions with physical offsets: keep it left-to-right in Arabic too. */}
        <Box
          dir="ltr"
          sx={{ position: 'relative', inlineSize: '100%', blockSize: 280, bgcolor: 'grey.900' }}
        >
          <Cropper
            image={source.url}
            crop={crop}
            zoom={zoom}
            aspect={aspectOf(size)}
            onCropChange={setCrop}
            onZoomChange={setZoom}
            onCropComplete={(_: Area, pixels: Area) => {
              if (isDrawable(pixels)) setArea(pixels);
            }}
          />
        </Box>
        <Slider
          value={zoom}
          min={1}
          max={3}
          step={0.05}
          onChange={(_, next) => setZoom(next as number)}
          aria-label={labels.zoom}
          sx={{ marginBlockStart: 2 }}
        />
        <Typography variant="body2" color="text.secondary">
          {labels.cropNote}
        </Typography>
        {error && (
          <Alert severity="error" role="alert" sx={{ marginBlockStart: 2 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <CancelConfirmActions
        busy={busy}
        onCancel={onCancel}
        cancelLabel={labels.cancel}
        confirmLabel={labels.confirm}
        onConfirm={() => onConfirm(area)}
      />
    </Dialog>
  );
}
