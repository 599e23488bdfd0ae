import './styles/tokens.css';
import './styles/global.css';
import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { createServices } from './app/create-services';
import { clearDevRemotes, loadDevRemotes, reloadOnRebuild } from './federation/dev-remotes';
import { DevRemotesBadge } from './federation/DevRemotesBadge';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
const mount = root;

function tabStorage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

const storage = tabStorage();
const reload = () => window.location.reload();
// A tab that asked for no dev remote (`?cove-dev=`, npm run dev) makes no request and renders at once.
// The first render is a transition, so React yields to the browser between components instead of
// holding the main thread for the whole tree (a phone's first input waits on no long task).
void loadDevRemotes(storage, new URL(window.location.href), window.history).then((devRemotes) =>
  startTransition(() =>
    createRoot(mount).render(
      <>
        <App services={createServices(devRemotes)} />
        <DevRemotesBadge
          remotes={devRemotes}
          turnOff={() => {
            if (storage) clearDevRemotes(storage);
            reload();
          }}
          watch={() => reloadOnRebuild(devRemotes, reload)}
        />
      </>,
    ),
  ),
);
