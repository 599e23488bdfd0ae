import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from '@cove/router';
import { ShellContext, type ShellServices } from '../services/shell-context';

/** Renders `ui` as the shell would: inside its services' context and a router at `path`. */
export function renderInShell(services: ShellServices, ui: ReactNode, path = '/') {
  return render(
    <ShellContext.Provider value={services}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </ShellContext.Provider>,
  );
}
