/** Cropped area of the source image, in its own pixels (react-easy-crop's croppedAreaPixels). */
export interface PixelArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface ImageSize {
  width: number;
  height: number;
}

/** menu-management.md §5: JPEG quality 92. */
export const CROP_QUALITY = 0.92;
const DIALOG_MAX_WIDTH = 500;

/** §5: the cropper dialog is 1.2 times the image width, capped at 500 px. */
export const cropDialogWidth = (size: ImageSize): number =>
  Math.min(Math.round(1.2 * size.width), DIALOG_MAX_WIDTH);

export const aspectOf = (size: ImageSize): number => size.width / size.height;

/** Accepted by file type or, when the browser gives none, by extension (jpeg, jpg, png, bmp). */
export function isAcceptedImage(file: File, types: readonly string[]): boolean {
  if (file.type) return types.includes(file.type);
  return /\.(jpe?g|png|bmp)$/i.test(file.name);
}

/** A decoded image, ready to draw; `close` frees its pixels. */
export interface DecodedImage {
  image: CanvasImageSource;
  width: number;
  height: number;
  close: () => void;
}

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('image could not be read'));
    image.src = src;
  });
}

/**
 * Decodes the whole file as the browser will draw it; rejects when the browser cannot read it
 * (a damaged file, or one that only claims to be an image).
 */
export async function decodeImage(file: Blob): Promise<DecodedImage> {
  if (typeof createImageBitmap === 'function') {
    const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
    return {
      image: bitmap,
      width: bitmap.width,
      height: bitmap.height,
      close: () => bitmap.close(),
    };
  }
  const url = URL.createObjectURL(file);
  try {
    const image = await loadImage(url);
    await image.decode();
    return { image, width: image.naturalWidth, height: image.naturalHeight, close: () => {} };
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** The largest centred area of the target's aspect: what the cropper shows before any change. */
export function initialArea(natural: ImageSize, size: ImageSize): PixelArea {
  const aspect = aspectOf(size);
  const width = Math.min(natural.width, Math.round(natural.height * aspect));
  const height = Math.min(natural.height, Math.round(natural.width / aspect));
  return {
    x: Math.round((natural.width - width) / 2),
    y: Math.round((natural.height - height) / 2),
    width,
    height,
  };
}

/** Draws the chosen area at exactly the target size and encodes it (JPEG unless PNG is asked). */
export async function cropToBlob(
  image: CanvasImageSource,
  area: PixelArea,
  size: ImageSize,
  type: 'image/jpeg' | 'image/png' = 'image/jpeg',
): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('canvas is not available');
  // JPEG has no transparency: transparent parts of a PNG become white, not black.
  if (type === 'image/jpeg') {
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, size.width, size.height);
  }
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, size.width, size.height);
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('image could not be encoded'))),
      type,
      CROP_QUALITY,
    ),
  );
}
