import { creditsFromDollars } from './dollars';

describe('dollars to credits', () => {
  it('counts ten credits to the dollar', () => {
    expect(creditsFromDollars('25')).toEqual({ credits: 250 });
    expect(creditsFromDollars('$25.50')).toEqual({ credits: 255 });
    expect(creditsFromDollars('1,000.1')).toEqual({ credits: 10_001 });
  });

  it('refuses what is not whole credits or not a number', () => {
    expect(creditsFromDollars('25.55').error).toBe('Amounts go in steps of $0.10.');
    expect(creditsFromDollars('abc').error).toBe('Enter an amount like 25 or 25.50.');
    expect(creditsFromDollars('0').error).toBe('Enter an amount above $0.00.');
    expect(creditsFromDollars(' ').error).toBe('Enter an amount in dollars.');
  });
});
