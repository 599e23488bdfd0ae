import {
  cleared,
  isSelected,
  noSelection,
  selectedCount,
  selectionBody,
  setAll,
  toggleAll,
  toggleEditing,
  toggleOne,
} from './selection';

describe('chat selection', () => {
  it('picks and unpicks chats one by one and sends their ids', () => {
    const s = toggleOne(toggleOne(toggleOne(toggleEditing(noSelection), 'a'), 'b'), 'a');
    expect(isSelected(s, 'a')).toBe(false);
    expect(isSelected(s, 'b')).toBe(true);
    expect(selectedCount(s, 10)).toBe(1);
    expect(selectionBody(s)).toEqual({ ids: 'b' });
  });

  it('selects all with an except list of chats deselected afterwards', () => {
    const s = toggleOne(toggleOne(setAll(toggleEditing(noSelection)), 'a'), 'c');
    expect(isSelected(s, 'a')).toBe(false);
    expect(isSelected(s, 'b')).toBe(true);
    expect(selectedCount(s, 10)).toBe(8);
    expect(selectionBody(s)).toEqual({ except_ids: 'a,c' });
    expect(selectionBody(setAll(s))).toEqual({ except_ids: '' });
  });

  it('toggles all back to none, and leaving edit mode or a finished update clears everything', () => {
    const all = setAll(toggleEditing(noSelection));
    expect(selectedCount(toggleAll(all), 5)).toBe(0);
    expect(toggleEditing(toggleOne(all, 'x'))).toEqual(noSelection);
    expect(cleared(toggleOne(all, 'x'))).toEqual({ editing: true, all: false, ids: [] });
  });
});
