/** The spec's largest side for an uploaded photo, and its JPEG quality (1 = 100). */
export const maxImageSide = 1440;
const jpegQuality = 1;

export interface DecodedImage {
  width: number;
  height: number;
  /** Draws the image scaled to this size and encodes it as JPEG. */
  toJpeg(width: number, height: number, quality: number): Promise<Blob>;
}

/** The size that fits `maxImageSide` both ways, keeping the aspect ratio; null when it already fits. */
export function fittedSize(width: number, height: number): { width: number; height: number } | null {
  const scale = Math.min(maxImageSide / width, maxImageSide / height);
  if (scale >= 1) return null;
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** The browser's own decoder and a canvas; EXIF orientation is applied, metadata (GPS) is not carried over. */
async function decodeInBrowser(file: Blob): Promise<DecodedImage> {
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  return {
    width: bitmap.width,
    height: bitmap.height,
    toJpeg: (width, height, quality) =>
      new Promise((resolve, reject) => {
        const canvas = document.createElement('canvas');
        canvas.width = width;
        canvas.height = height;
        const context = canvas.getContext('2d');
        if (!context) throw new Error('No canvas');
        context.drawImage(bitmap, 0, 0, width, height);
        bitmap.close();
        canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('No JPEG'))), 'image/jpeg', quality);
      }),
  };
}

/**
 * The spec's resize helper: at most 1440 x 1440 as JPEG quality 100. A photo that already fits is
 * returned as it is (re-encoding it would only make it bigger), and so is a GIF, which would lose its
 * animation. Throws the spec's 'File Not Found!' and 'File Is NOT Image!'.
 */
export async function resizeImage(
  file: File | null | undefined,
  decode: (file: Blob) => Promise<DecodedImage> = decodeInBrowser,
): Promise<File> {
  if (!file) throw new Error('File Not Found!');
  if (!file.type.startsWith('image/')) throw new Error('File Is NOT Image!');
  if (file.type === 'image/gif') return file;
  const image = await decode(file);
  const size = fittedSize(image.width, image.height);
  if (!size) return file;
  const jpeg = await image.toJpeg(size.width, size.height, jpegQuality);
  const name = file.name.replace(/\.[^.]*$/, '') + '.jpg';
  return new File([jpeg], name, { type: 'image/jpeg', lastModified: file.lastModified });
}

/** What is sent for a photo: the resized copy, or the original when resizing fails (the spec). */
export async function prepareImage(
  file: File,
  decode?: (file: Blob) => Promise<DecodedImage>,
): Promise<File> {
  try {
    return await resizeImage(file, decode);
  } catch {
    return file;
  }
}
