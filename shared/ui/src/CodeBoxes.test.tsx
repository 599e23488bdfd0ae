import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { CodeBoxes, emptyCode } from './CodeBoxes';

function Harness({ onComplete }: { onComplete(code: string): void }) {
  const [digits, setDigits] = useState(emptyCode);
  return (
    <>
      <CodeBoxes digits={digits} onChange={setDigits} onComplete={onComplete} disabled={false} />
      <button type="button" onClick={() => setDigits(emptyCode())}>
        Clear
      </button>
    </>
  );
}

const boxes = () =>
  [1, 2, 3, 4].map((n) => screen.getByRole('textbox', { name: `Digit ${n}` }) as HTMLInputElement);

describe('code boxes', () => {
  it('takes one digit per box, moving on as the person types and back on Backspace', async () => {
    render(<Harness onComplete={jest.fn()} />);
    expect(boxes()[0]).toHaveFocus();
    await userEvent.keyboard('1a2');
    expect(boxes().map((b) => b.value)).toEqual(['1', '2', '', '']);
    expect(boxes()[2]).toHaveFocus();
    await userEvent.keyboard('{Backspace}');
    expect(boxes()[1]).toHaveFocus();
  });

  it('fills all four from a pasted code and hands it on', () => {
    const onComplete = jest.fn();
    render(<Harness onComplete={onComplete} />);
    fireEvent.paste(screen.getByRole('group', { name: 'Verification code' }), {
      clipboardData: { getData: () => ' 4821 ' },
    });
    expect(boxes().map((b) => b.value)).toEqual(['4', '8', '2', '1']);
    expect(onComplete).toHaveBeenCalledWith('4821');
  });

  it('ignores a paste that is not a whole code', () => {
    const onComplete = jest.fn();
    render(<Harness onComplete={onComplete} />);
    fireEvent.paste(screen.getByRole('group', { name: 'Verification code' }), {
      clipboardData: { getData: () => '48a1' },
    });
    expect(boxes().map((b) => b.value)).toEqual(['', '', '', '']);
    expect(onComplete).not.toHaveBeenCalled();
  });

  it('puts the cursor back in the first box when the boxes are cleared', async () => {
    render(<Harness onComplete={jest.fn()} />);
    await userEvent.keyboard('12');
    await userEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(boxes().map((b) => b.value)).toEqual(['', '', '', '']);
    expect(boxes()[0]).toHaveFocus();
  });
});
