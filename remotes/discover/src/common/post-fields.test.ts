import { dollarsFromPrice, priceFromDollars } from './post-fields';

describe('post prices', () => {
  it('reads dollars as credits, empty as free', () => {
    expect(priceFromDollars('2.5')).toBe(25);
    expect(priceFromDollars('4.50')).toBe(45);
    expect(priceFromDollars('')).toBe(0);
  });

  it('refuses what credits cannot charge', () => {
    expect(priceFromDollars('4.99')).toBeNull();
    expect(priceFromDollars('-1')).toBeNull();
    expect(priceFromDollars('four')).toBeNull();
  });

  it('writes credits as the dollars typed for them, free as empty', () => {
    expect(dollarsFromPrice(45)).toBe('4.50');
    expect(dollarsFromPrice(0)).toBe('');
  });
});
