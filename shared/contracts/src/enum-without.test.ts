import { broadcastCategory } from './broadcast';
import { chatFilter, chatTab } from './chat';
import { enumWithout } from './enum-without';

describe('enumWithout', () => {
  it('keeps every other value, in order', () => {
    expect(chatTab.options).toEqual(chatFilter.options.filter((f) => f !== 'fans2'));
    expect(broadcastCategory.options).toEqual(chatTab.options.filter((t) => t !== 'top' && t !== 'hidden'));
    expect(chatTab.safeParse('fans2').success).toBe(false);
    expect(chatTab.safeParse('fans').success).toBe(true);
  });

  it('refuses a value the enum lacks', () => {
    expect(() => enumWithout(chatTab, ['fans2' as 'fans'])).toThrow('Key fans2 not found in enum');
  });
});
