import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Button } from '../Button';
import { Sheet, SheetActions } from './Sheet';

/** A screen with a button that opens a sheet holding one field and two buttons. */
function Screen({ locked = false }: { locked?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <button type="button">Elsewhere</button>
      {open && (
        <Sheet title="Remove this card?" onClose={() => !locked && setOpen(false)}>
          <label htmlFor="why">Why</label>
          <input id="why" />
          <SheetActions>
            <Button>Remove</Button>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Cancel
            </Button>
          </SheetActions>
        </Sheet>
      )}
    </>
  );
}

it('is a modal dialog named by its title, with focus moved into it', async () => {
  const user = userEvent.setup();
  render(<Screen />);
  await user.click(screen.getByRole('button', { name: 'Open' }));
  const dialog = screen.getByRole('dialog', { name: 'Remove this card?' });
  expect(dialog).toHaveAttribute('aria-modal', 'true');
  expect(screen.getByRole('heading', { name: 'Remove this card?' })).toBeInTheDocument();
  expect(screen.getByLabelText('Why')).toHaveFocus();
});

it('keeps Tab and Shift+Tab inside the sheet', async () => {
  const user = userEvent.setup();
  render(<Screen />);
  await user.click(screen.getByRole('button', { name: 'Open' }));
  await user.tab();
  expect(screen.getByRole('button', { name: 'Remove' })).toHaveFocus();
  await user.tab();
  expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
  await user.tab();
  expect(screen.getByLabelText('Why')).toHaveFocus();
  await user.tab({ shift: true });
  expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
});

it('closes on Escape and gives focus back to the button that opened it', async () => {
  const user = userEvent.setup();
  render(<Screen />);
  const opener = screen.getByRole('button', { name: 'Open' });
  await user.click(opener);
  await user.keyboard('{Escape}');
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(opener).toHaveFocus();
});

it('closes on a click on the backdrop, not on one inside the panel', async () => {
  const user = userEvent.setup();
  render(<Screen />);
  await user.click(screen.getByRole('button', { name: 'Open' }));
  await user.click(screen.getByRole('heading', { name: 'Remove this card?' }));
  expect(screen.getByRole('dialog')).toBeInTheDocument();
  await user.click(screen.getByRole('presentation'));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});

it('stays open when its owner says closing is not allowed now', async () => {
  const user = userEvent.setup();
  render(<Screen locked />);
  await user.click(screen.getByRole('button', { name: 'Open' }));
  await user.keyboard('{Escape}');
  expect(screen.getByRole('dialog', { name: 'Remove this card?' })).toBeInTheDocument();
});
