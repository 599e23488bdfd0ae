import { creditsToDollars, dollarsToCredits, formatCredits, formatMoney, formatPayment } from './money';

describe('money', () => {
  it('shows a tenth of the raw amount with 2 decimals and a dollar sign', () => {
    expect(formatMoney(250)).toBe('$25.00');
    expect(formatMoney(5)).toBe('$0.50');
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatMoney(123457)).toBe('$12,345.70');
    expect(formatMoney(10_000_000)).toBe('$1,000,000.00');
    expect(formatMoney(-15)).toBe('-$1.50');
  });

  it('shows credits, where they are what is bought, with their dollar value', () => {
    expect(formatCredits(250)).toBe('250 credits ($25.00)');
    expect(formatCredits(1)).toBe('1 credit ($0.10)');
    expect(formatCredits(12_000)).toBe('12,000 credits ($1,200.00)');
  });

  it('shows a card or crypto payment in its own currency', () => {
    expect(formatPayment(12.5, 'usdt')).toBe('12.50 USDT');
  });

  it('writes credits as the dollars typed for them', () => {
    expect(creditsToDollars(25)).toBe('2.50');
    expect(creditsToDollars(0)).toBe('0.00');
  });

  it('reads typed dollars as whole credits, or null', () => {
    expect(dollarsToCredits('2.50')).toBe(25);
    expect(dollarsToCredits(' 3 ')).toBe(30);
    expect(dollarsToCredits('0.5')).toBe(5);
    expect(dollarsToCredits('2.55')).toBeNull();
    expect(dollarsToCredits('-1')).toBeNull();
    expect(dollarsToCredits('abc')).toBeNull();
  });
});
