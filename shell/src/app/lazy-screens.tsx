import { Spinner } from '@cove/ui';
import { lazy, Suspense, type ComponentType } from 'react';
import styles from './App.module.css';

/**
 * A screen fetched when its route is first opened: these are reached from a link or a redirect
 * (legal pages, the 3-D Secure return, maintenance, deep links), never a first screen worth its bytes
 * on every visit, so they stay out of the page's boot files.
 */
function lazyScreen<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Screen = lazy(() => load().then((component) => ({ default: component })));
  return function LazyScreen(props: P) {
    return (
      <Suspense
        fallback={
          <div className={styles.screenLoading} role="status" aria-label="Loading">
            <Spinner size={50} />
          </div>
        }
      >
        <Screen {...props} />
      </Suspense>
    );
  };
}

export const DeepLink = lazyScreen(() => import('../screens/DeepLink').then((m) => m.DeepLink));
export const Maintenance = lazyScreen(() => import('../screens/Maintenance').then((m) => m.Maintenance));
export const MobileHandoff = lazyScreen(() =>
  import('../screens/MobileHandoff').then((m) => m.MobileHandoff),
);
export const Privacy = lazyScreen(() => import('../screens/legal/Privacy').then((m) => m.Privacy));
export const Terms = lazyScreen(() => import('../screens/legal/Terms').then((m) => m.Terms));
export const ThreeDsCallback = lazyScreen(() =>
  import('../screens/ThreeDsCallback').then((m) => m.ThreeDsCallback),
);
export const TokenCleanup = lazyScreen(() => import('../screens/TokenCleanup').then((m) => m.TokenCleanup));
