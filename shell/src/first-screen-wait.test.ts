import { firstScreenElementId } from '@cove/contracts';
import { firstScreenPainted } from './first-screen-wait';

afterEach(() => document.body.replaceChildren());

const flush = () => new Promise((resolve) => setTimeout(resolve, 50));

it('lets the app start at once on a page the server did not draw', async () => {
  await expect(firstScreenPainted()).resolves.toBeUndefined();
});

it('holds the app until the drawn screen’s pictures have loaded or failed', async () => {
  const screen = document.createElement('div');
  screen.id = firstScreenElementId;
  const [cover, avatar] = [document.createElement('img'), document.createElement('img')];
  for (const img of [cover, avatar]) {
    Object.defineProperty(img, 'complete', { value: false });
    screen.append(img);
  }
  document.body.append(screen);
  let started = false;
  const waiting = firstScreenPainted().then(() => {
    started = true;
  });
  cover.dispatchEvent(new Event('load'));
  await flush();
  expect(started).toBe(false);
  avatar.dispatchEvent(new Event('error'));
  await waiting;
  expect(started).toBe(true);
});
