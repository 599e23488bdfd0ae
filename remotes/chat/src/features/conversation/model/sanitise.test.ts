import { sanitise, trimMessage } from './sanitise';

describe('message text', () => {
  it('drops trailing line breaks and spaces but keeps the lines inside', () => {
    expect(trimMessage('Hi\nthere\n\n  ')).toBe('Hi\nthere');
    expect(trimMessage('\n\n')).toBe('');
  });

  it('masks global keywords as whole words, whatever their case', () => {
    expect(sanitise('Send me CASH now, cashback is fine', 'cash, wire')).toBe(
      'Send me **** now, cashback is fine',
    );
    expect(sanitise('nothing to hide', '')).toBe('nothing to hide');
  });
});
