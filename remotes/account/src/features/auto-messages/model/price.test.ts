import { PAID_PRICE_MAX, STANDARD_PRICE_MAX } from '@cove/contracts';
import { checkPrice, notAPrice, priceOf, priceText } from './price';

describe('auto-message prices', () => {
  it('reads dollars as credits, empty as free', () => {
    expect(priceOf('2.50')).toBe(25);
    expect(priceOf('3')).toBe(30);
    expect(priceOf(' ')).toBe(0);
  });

  it('refuses what is not a price and cents off the 10-cent steps', () => {
    expect(checkPrice('2.55', STANDARD_PRICE_MAX, 0)).toEqual({ credits: null, problem: notAPrice });
    expect(checkPrice('abc', STANDARD_PRICE_MAX, 0)).toEqual({ credits: null, problem: notAPrice });
  });

  it('refuses more than the creator’s cap in the server’s words, but keeps a saved price', () => {
    expect(checkPrice('100', STANDARD_PRICE_MAX, 0)).toEqual({ credits: 1_000, problem: null });
    expect(checkPrice('100.10', STANDARD_PRICE_MAX, 0)).toEqual({
      credits: null,
      problem: 'Prices above $100.00 need staff approval: ask support to allow higher prices.',
    });
    expect(checkPrice('250', STANDARD_PRICE_MAX, 2_500)).toEqual({ credits: 2_500, problem: null });
    expect(checkPrice('10000', PAID_PRICE_MAX, 0)).toEqual({ credits: 100_000, problem: null });
    expect(checkPrice('10000.10', PAID_PRICE_MAX, 0).problem).toContain('Prices above $10,000.00');
  });

  it('writes credits as the dollars typed for them, free as empty', () => {
    expect(priceText(25)).toBe('2.50');
    expect(priceText(0)).toBe('');
  });
});
