import sharp from 'sharp';

/**
 * An image of about `mp` megapixels (4:3) filled with noise, so that it compresses like a camera's
 * photo and is as large on disk; the caller picks the encoding.
 */
export function noisyPhoto(mp: number): sharp.Sharp {
  const width = Math.round(Math.sqrt((mp * 1e6 * 4) / 3));
  const height = Math.round((width * 3) / 4);
  return sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#7a9cc6',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  });
}
