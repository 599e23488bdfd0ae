import { editDistance, maskEmail, slowMailProvider, suggestEmail } from './email-address';

describe('email helpers', () => {
  it('suggests a known host 1 to 3 edits away, never an exact match or a distant one', () => {
    expect(editDistance('gmial.com', 'gmail.com')).toBe(2);
    expect(suggestEmail('river@gmial.com')).toBe('river@gmail.com');
    expect(suggestEmail('river@hotmal.co')).toBe('river@hotmail.com');
    expect(suggestEmail('river@YAHOO.CM')).toBe('river@yahoo.com');
    expect(suggestEmail('river@gmail.com')).toBeNull();
    expect(suggestEmail('river@protonmail.com')).toBeNull();
    expect(suggestEmail('not an address')).toBeNull();
  });

  it('warns for Yahoo, Outlook, Hotmail and iCloud addresses', () => {
    expect(slowMailProvider('a@yahoo.co.uk')).toBe('Yahoo');
    expect(slowMailProvider('a@outlook.com')).toBe('Outlook');
    expect(slowMailProvider('a@hotmail.fr')).toBe('Hotmail');
    expect(slowMailProvider('a@icloud.com')).toBe('iCloud');
    expect(slowMailProvider('a@gmail.com')).toBeNull();
  });

  it('keeps the first 3, 2 or 1 characters of names of 8+, 4+ and 2+ characters', () => {
    expect(maskEmail('alexander@gmail.com')).toBe('ale*****@gmail.com');
    expect(maskEmail('bo@x.io')).toBe('b*@x.io');
    expect(maskEmail('alex@gmail.com')).toBe('al**@gmail.com');
    expect(maskEmail('al@gmail.com')).toBe('a*@gmail.com');
    expect(maskEmail('a@gmail.com')).toBe('*@gmail.com');
  });
});
