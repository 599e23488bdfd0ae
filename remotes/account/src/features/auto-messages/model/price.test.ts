import { maxPriceText, priceOf, priceText } from './price';

describe('auto-message prices', () => {
  it('reads dollars as credits, empty as free', () => {
    expect(priceOf('2.50')).toBe(25);
    expect(priceOf('3')).toBe(30);
    expect(priceOf(' ')).toBe(0);
  });

  it('refuses what is not a price, cents off the 10-cent steps and more than the highest', () => {
    expect(priceOf('2.55')).toBeNull();
    expect(priceOf('abc')).toBeNull();
    expect(priceOf('10000.10')).toBeNull();
    expect(priceOf('10000')).toBe(100_000);
  });

  it('writes credits as the dollars typed for them, free as empty', () => {
    expect(priceText(25)).toBe('2.50');
    expect(priceText(0)).toBe('');
    expect(maxPriceText).toBe('$10,000.00');
  });
});
