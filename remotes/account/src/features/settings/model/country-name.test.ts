import { countryName } from './country-name';

describe('countryName', () => {
  it('names a two-letter country code in English', () => {
    expect(countryName('DE')).toBe('Germany');
  });

  it('is null for what is not a country code', () => {
    expect(countryName('de')).toBeNull();
    expect(countryName('DEU')).toBeNull();
    expect(countryName('')).toBeNull();
  });
});
