import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef } from 'react';
import { MenuButton, type MenuHandle } from './MenuButton';

function Options({ chosen }: { chosen: string[] }) {
  const items = ['Favorite', 'Notes', 'Block', 'Report'].map((label) => ({
    label,
    onSelect: () => chosen.push(label),
  }));
  return (
    <>
      <MenuButton label="Chat options" items={items}>
        Options
      </MenuButton>
      <button type="button">After</button>
    </>
  );
}

const options = () => screen.getByRole('button', { name: 'Options' });

it('opens from its button on the first item and moves by arrows, Home and End', async () => {
  const user = userEvent.setup();
  render(<Options chosen={[]} />);
  expect(options()).toHaveAttribute('aria-haspopup', 'menu');
  expect(options()).toHaveAttribute('aria-expanded', 'false');
  await user.tab();
  await user.keyboard('{Enter}');
  expect(screen.getByRole('menu', { name: 'Chat options' })).toBeInTheDocument();
  expect(options()).toHaveAttribute('aria-expanded', 'true');
  expect(screen.getByRole('menuitem', { name: 'Favorite' })).toHaveFocus();
  await user.keyboard('{ArrowDown}{ArrowDown}');
  expect(screen.getByRole('menuitem', { name: 'Block' })).toHaveFocus();
  await user.keyboard('{End}');
  expect(screen.getByRole('menuitem', { name: 'Report' })).toHaveFocus();
  await user.keyboard('{ArrowDown}');
  expect(screen.getByRole('menuitem', { name: 'Favorite' })).toHaveFocus();
  await user.keyboard('{ArrowUp}');
  expect(screen.getByRole('menuitem', { name: 'Report' })).toHaveFocus();
  await user.keyboard('{Home}');
  expect(screen.getByRole('menuitem', { name: 'Favorite' })).toHaveFocus();
  await user.keyboard('n');
  expect(screen.getByRole('menuitem', { name: 'Notes' })).toHaveFocus();
});

it('opens on its last item with the up arrow', async () => {
  const user = userEvent.setup();
  render(<Options chosen={[]} />);
  await user.tab();
  await user.keyboard('{ArrowUp}');
  expect(screen.getByRole('menuitem', { name: 'Report' })).toHaveFocus();
});

it('closes on Escape with focus back on its button, and on Tab moving on from there', async () => {
  const user = userEvent.setup();
  render(<Options chosen={[]} />);
  await user.click(options());
  await user.keyboard('{Escape}');
  expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  expect(options()).toHaveFocus();
  await user.keyboard('{ArrowDown}');
  await user.tab();
  expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'After' })).toHaveFocus();
});

it('runs the chosen item once and gives focus back to the button', async () => {
  const user = userEvent.setup();
  const chosen: string[] = [];
  render(<Options chosen={chosen} />);
  await user.click(options());
  await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
  expect(chosen).toEqual(['Block']);
  expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  expect(options()).toHaveFocus();
  await user.click(options());
  await user.click(screen.getByRole('menuitem', { name: 'Report' }));
  expect(chosen).toEqual(['Block', 'Report']);
});

it('closes on a click elsewhere', async () => {
  const user = userEvent.setup();
  render(<Options chosen={[]} />);
  await user.click(options());
  await user.click(screen.getByRole('button', { name: 'After' }));
  expect(screen.queryByRole('menu')).not.toBeInTheDocument();
});

const reply = [{ label: 'Reply', onSelect: () => undefined }];

/** A row that opens its menu from its own Enter key, as a message in a thread does. */
function Row() {
  const menu = useRef<MenuHandle>(null);
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- its menu's key, as a message's
    <div
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a focus stop in its list, as a message is
      tabIndex={0}
      role="article"
      aria-label="A row"
      onKeyDown={(e) => {
        if (e.key !== 'Enter') return;
        e.preventDefault();
        menu.current?.open();
      }}
    >
      <MenuButton ref={menu} label="Row actions" buttonLabel="Actions" tabIndex={-1} items={reply}>
        …
      </MenuButton>
    </div>
  );
}

it('opens from elsewhere and gives focus back there', async () => {
  const user = userEvent.setup();
  render(<Row />);
  await user.tab();
  expect(screen.getByRole('article', { name: 'A row' })).toHaveFocus();
  await user.keyboard('{Enter}');
  expect(screen.getByRole('menuitem', { name: 'Reply' })).toHaveFocus();
  await user.keyboard('{Escape}');
  expect(screen.getByRole('article', { name: 'A row' })).toHaveFocus();
});
