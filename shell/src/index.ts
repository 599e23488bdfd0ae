import { firstScreenPainted } from './first-screen-wait';

// The async boundary lets Module Federation set up shared singletons before any of them is used.
firstScreenPainted()
  .then(() => import('./bootstrap'))
  .catch((err: unknown) => console.error('The site could not start', err));
