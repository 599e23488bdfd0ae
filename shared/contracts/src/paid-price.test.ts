import { PAID_PRICE_MAX, typedPriceCredits } from './message';

describe('typed prices', () => {
  it('reads an empty price as free and dollars as credits within the paid range', () => {
    expect(typedPriceCredits('')).toBe(0);
    expect(typedPriceCredits(' ')).toBe(0);
    expect(typedPriceCredits('2.5')).toBe(25);
    expect(typedPriceCredits('10000')).toBe(PAID_PRICE_MAX);
  });

  it('refuses what is not a price or is above the range', () => {
    expect(typedPriceCredits('10000.1')).toBeNull();
    expect(typedPriceCredits('abc')).toBeNull();
    expect(typedPriceCredits('-1')).toBeNull();
  });
});
