import { useEffect, useId, useRef, useState } from 'react';
import Cropper, { type Area } from 'react-easy-crop';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import UploadIcon from '@mui/icons-material/Upload';
import {
  aspectOf,
  cropDialogWidth,
  cropToBlob,
  isAcceptedImage,
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
  tooLarge: string;
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

type UploadError = { status?: number } | null | undefined;

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
  const [source, setSource] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const hintId = useId();

  useEffect(() => () => void (source && URL.revokeObjectURL(source)), [source]);

  const pick = (file: File | undefined) => {
    if (inputRef.current) inputRef.current.value = '';
    if (!file) return;
    if (!isAcceptedImage(file, accept)) {
      setError(labels.wrongType);
      return;
    }
    setError(null);
    setSource(URL.createObjectURL(file));
  };

  const confirm = async (area: PixelArea) => {
    if (!source) return;
    setBusy(true);
    setError(null);
    try {
      const blob = await cropToBlob(source, area, size, outputType);
      if (blob.size > maxBytes) {
        setError(labels.tooLarge);
        return;
      }
      onChange(await upload(blob));
      setSource(null);
    } catch (caught) {
      const status = (caught as UploadError)?.status;
      setError(labels.uploadFailed(status ? status : null));
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
        onChange={(event) => pick(event.target.files?.[0])}
      />
      {error && (
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
          onCancel={() => setSource(null)}
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
  onCancel,
  onConfirm,
}: {
  source: string;
  size: ImageSize;
  labels: ImageFieldLabels;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (area: PixelArea) => void;
}) {
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<PixelArea | null>(null);
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
            image={source}
            crop={crop}
            zoom={zoom}
            aspect={aspectOf(size)}
            onCropChange={setCrop}
            onZoomChange={setZoom}
            onCropComplete={(_: Area, pixels: Area) => setArea(pixels)}
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
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy}>
          {labels.cancel}
        </Button>
        <Button
          variant="contained"
          disabled={busy || !area}
          onClick={() => area && onConfirm(area)}
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {labels.confirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
