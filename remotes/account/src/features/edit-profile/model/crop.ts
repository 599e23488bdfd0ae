/** A crop as fractions of the photo (0..1), as `PATCH /v1/users/profile` takes it. */
export interface Crop {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The frame over the photo: where it is, and how far it is zoomed in (1 = as large as fits). */
export interface CropState {
  crop: Crop;
  zoom: number;
}

export const MIN_ZOOM = 1;
export const MAX_ZOOM = 3;

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

/** The frame's size at zoom 1: the largest frame of its aspect that fits the photo, in fractions. */
function fullFrame(imageAspect: number, frameAspect: number): { width: number; height: number } {
  return imageAspect >= frameAspect
    ? { width: frameAspect / imageAspect, height: 1 }
    : { width: 1, height: imageAspect / frameAspect };
}

/** The frame as large as fits, centred: where every crop starts. */
export function initialCrop(imageAspect: number, frameAspect: number): CropState {
  const { width, height } = fullFrame(imageAspect, frameAspect);
  return { crop: { x: (1 - width) / 2, y: (1 - height) / 2, width, height }, zoom: MIN_ZOOM };
}

/** The frame moved by a fraction of the photo, kept inside it. */
export function moveCrop(state: CropState, dx: number, dy: number): CropState {
  const { crop } = state;
  return {
    ...state,
    crop: {
      ...crop,
      x: clamp(crop.x + dx, 0, 1 - crop.width),
      y: clamp(crop.y + dy, 0, 1 - crop.height),
    },
  };
}

/** The frame zoomed about its centre (a smaller frame shows less of the photo), kept inside it. */
export function zoomCrop(
  state: CropState,
  zoom: number,
  imageAspect: number,
  frameAspect: number,
): CropState {
  const z = clamp(zoom, MIN_ZOOM, MAX_ZOOM);
  const full = fullFrame(imageAspect, frameAspect);
  const width = full.width / z;
  const height = full.height / z;
  const cx = state.crop.x + state.crop.width / 2;
  const cy = state.crop.y + state.crop.height / 2;
  return moveCrop({ zoom: z, crop: { x: cx - width / 2, y: cy - height / 2, width, height } }, 0, 0);
}
