import type { VaultItem } from '@cove/contracts';
import { testMedia } from '@cove/runtime/testing';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { VaultPicker } from './VaultPicker';

const item = (id: string, overrides: Partial<VaultItem> = {}): VaultItem => ({
  ...testMedia(id),
  _id: id,
  created_at: '2026-01-01T00:00:00.000Z',
  earned: 0,
  sales: 0,
  ...overrides,
});

function listOf(items: VaultItem[], more: { hasMore?: boolean; loadingMore?: boolean } = {}) {
  return {
    state: { status: 'fetched' as const, data: items },
    hasMore: more.hasMore ?? false,
    loadingMore: more.loadingMore ?? false,
    moreError: null,
    loadMore: jest.fn(),
    retry: jest.fn(),
  };
}

function renderPicker(list: ReturnType<typeof listOf>, verb = 'Add') {
  const onPick = jest.fn();
  const onClose = jest.fn();
  const view = render(
    <VaultPicker list={list} verb={verb} empty="Upload something first." onPick={onPick} onClose={onClose} />,
  );
  return { onPick, onClose, view };
}

describe('VaultPicker', () => {
  it('names each item by the verb, kind and place, and hands back the one picked with its place', async () => {
    const video = item('v-2', { type: 'video', video_length: 75 });
    const { onPick } = renderPicker(listOf([item('p-1'), video]), 'Use');
    expect(screen.getByRole('heading', { name: 'Your vault' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Use photo 1' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Use video 2' })).toHaveTextContent('1m15s');

    await userEvent.click(screen.getByRole('button', { name: 'Use video 2' }));
    expect(onPick).toHaveBeenCalledTimes(1);
    expect(onPick).toHaveBeenCalledWith(video, 2);
  });

  it('shows media not ready with its status, and does not let it be picked', async () => {
    const { onPick } = renderPicker(
      listOf([item('p-1', { status: 'processing' }), item('v-2', { type: 'video', status: 'failed' })]),
    );
    const processing = screen.getByRole('button', { name: 'Add photo 1 (processing)' });
    expect(processing).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Add video 2 (failed)' })).toBeDisabled();
    await userEvent.click(processing);
    expect(onPick).not.toHaveBeenCalled();
  });

  it('says so when the vault is empty', () => {
    renderPicker(listOf([]));
    expect(screen.getByRole('heading', { name: 'Your vault is empty' })).toBeInTheDocument();
    expect(screen.getByText('Upload something first.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Vault media' })).toBeNull();
  });

  it('asks for the next page while the server has more, and not after', async () => {
    const first = listOf([item('p-1')], { hasMore: true });
    const { view } = renderPicker(first);
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(first.loadMore).toHaveBeenCalledTimes(1);

    view.rerender(
      <VaultPicker
        list={listOf([item('p-1'), item('p-2')])}
        verb="Add"
        empty="Upload something first."
        onPick={jest.fn()}
        onClose={jest.fn()}
      />,
    );
    expect(screen.getByRole('button', { name: 'Add photo 2' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('closes on Close', async () => {
    const { onClose, onPick } = renderPicker(listOf([item('p-1')]));
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onPick).not.toHaveBeenCalled();
  });
});
