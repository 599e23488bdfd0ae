import { useEffect } from 'react';
import { BrowserRouter, useLocation, useNavigate } from 'react-router-dom';
import { Header } from '../layout/Header';
import { PopupLayer } from '../popups/PopupLayer';
import { loadSession } from '../session/load-session';
import styles from './App.module.css';
import { AppRoutes } from './routes';
import { ShellContext, useShell, type ShellServices } from './shell-context';

/** Gives the host's `navigate` the router's, and tells the bus about route changes. */
function RouterBridge() {
  const { setNavigate, host } = useShell();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  useEffect(() => setNavigate((to, options) => navigate(to, options)), [navigate, setNavigate]);
  useEffect(() => host.bus.emit({ type: 'route.changed', path: pathname }), [pathname, host]);
  return null;
}

/** At boot: who is signed in, and which version of each remote runs (registered, not yet loaded). */
function BootLoader() {
  const { host, loader } = useShell();
  useEffect(() => {
    const controller = new AbortController();
    void loadSession(host, controller.signal);
    void loader.warm();
    return () => controller.abort();
  }, [host, loader]);
  return null;
}

export function App({ services }: { services: ShellServices }) {
  return (
    <ShellContext.Provider value={services}>
      <BrowserRouter>
        <RouterBridge />
        <BootLoader />
        <div className={styles.app}>
          <a href="#main" className={styles.skip}>
            Skip to content
          </a>
          <Header />
          <div id="main" className={styles.main}>
            <AppRoutes />
          </div>
        </div>
        <PopupLayer />
      </BrowserRouter>
    </ShellContext.Provider>
  );
}
