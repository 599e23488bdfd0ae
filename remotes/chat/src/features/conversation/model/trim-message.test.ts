import { trimMessage } from './trim-message';

describe('message text', () => {
  it('drops trailing line breaks and spaces but keeps the lines inside', () => {
    expect(trimMessage('Hi\nthere\n\n  ')).toBe('Hi\nthere');
    expect(trimMessage('\n\n')).toBe('');
  });
});
