import { sanitise } from './sanitise';

describe('a blocked text sent again', () => {
  it('masks global keywords as whole words, whatever their case', () => {
    expect(sanitise('Send me CASH now, cashback is fine', 'cash, wire')).toBe(
      'Send me **** now, cashback is fine',
    );
    expect(sanitise('nothing to hide', '')).toBe('nothing to hide');
  });
});
