import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { multipart } from '../media/helpers/upload';

/** A photo of a pretend ID card, with the EXIF (a camera name and GPS) a phone would add. */
export async function idPhoto(width = 2400, height = 1500): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#c9dcf7' } })
    .composite([
      {
        input: Buffer.from(
          `<svg width="${width}" height="${height}"><rect x="80" y="80" width="600" height="700" fill="#6d83a8"/></svg>`,
        ),
      },
    ])
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Make: 'CoveTestCam' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '48/1 51/1 2909/100',
        GPSLongitudeRef: 'E',
        GPSLongitude: '2/1 17/1 4000/100',
      },
    })
    .toBuffer();
}

/** Uploads one photo on the sandbox identity page, as its script does. */
export async function uploadIdPhoto(
  app: FastifyInstance,
  checkUrl: string,
  side: 'front' | 'selfie',
  data: Buffer,
  type = 'image/jpeg',
) {
  const { body, contentType } = multipart({ data, name: `${side}.jpg`, type });
  return app.inject({
    method: 'POST',
    url: `${checkUrl}/documents/${side}`,
    headers: { 'content-type': contentType },
    payload: body,
  });
}
