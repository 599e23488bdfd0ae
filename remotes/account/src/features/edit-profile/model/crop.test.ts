import { initialCrop, moveCrop, zoomCrop, type Crop } from './crop';

const near = (crop: Crop) => ({
  x: expect.closeTo(crop.x) as number,
  y: expect.closeTo(crop.y) as number,
  width: expect.closeTo(crop.width) as number,
  height: expect.closeTo(crop.height) as number,
});

describe('crop frame', () => {
  it('starts as the largest centred frame of its aspect', () => {
    // A 3:2 landscape photo: the square frame is as tall as the photo, two thirds of its width.
    expect(initialCrop(1.5, 1).crop).toEqual(near({ x: 1 / 6, y: 0, width: 2 / 3, height: 1 }));
    // A square photo under a 3:1 cover frame: the whole width, a third of the height.
    expect(initialCrop(1, 3).crop).toEqual(near({ x: 0, y: 1 / 3, width: 1, height: 1 / 3 }));
  });

  it('moves inside the photo only', () => {
    const start = initialCrop(1.5, 1);
    expect(moveCrop(start, 0.1, 0).crop.x).toBeCloseTo(1 / 6 + 0.1);
    expect(moveCrop(start, 1, 1).crop).toEqual(near({ x: 1 / 3, y: 0, width: 2 / 3, height: 1 }));
    expect(moveCrop(start, -1, 0).crop.x).toBe(0);
  });

  it('zooms about its centre and stays inside the photo', () => {
    const zoomed = zoomCrop(initialCrop(1, 1), 2, 1, 1);
    expect(zoomed).toEqual({ zoom: 2, crop: { x: 0.25, y: 0.25, width: 0.5, height: 0.5 } });
    const cornered = moveCrop(zoomed, -1, -1);
    expect(zoomCrop(cornered, 1, 1, 1).crop).toEqual({ x: 0, y: 0, width: 1, height: 1 });
    expect(zoomCrop(zoomed, 10, 1, 1).zoom).toBe(3);
  });
});
