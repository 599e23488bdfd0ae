import { cardBrand, cardTexts, checkCard, formatCardNumber, luhnValid, returnUrls } from './card';

describe('card checks', () => {
  it('groups the number by 4 and keeps digits only', () => {
    expect(formatCardNumber('4242-4242 42424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('42424')).toBe('4242 4');
  });

  it('tells Visa and Mastercard from the first digits', () => {
    expect(cardBrand('4111')).toBe('VISA');
    expect(cardBrand('5105 1051')).toBe('MASTER');
    expect(cardBrand('2221 0000')).toBe('MASTER');
    expect(cardBrand('2720 9999')).toBe('MASTER');
    expect(cardBrand('2721 0000')).toBeNull();
    expect(cardBrand('5600')).toBeNull();
    expect(cardBrand('3782 822463 10005')).toBeNull();
  });

  it('checks the Luhn digit', () => {
    expect(luhnValid('4242 4242 4242 4242')).toBe(true);
    expect(luhnValid('5555 5555 5555 4444')).toBe(true);
    expect(luhnValid('4242 4242 4242 4241')).toBe(false);
  });

  it('says what is wrong with each field, with a card good through its expiry month', () => {
    const now = new Date(2026, 10, 25);
    expect(checkCard({ number: '', expiry: '', cvc: '' }, now)).toEqual({
      number: cardTexts.required,
      expiry: cardTexts.required,
      cvc: cardTexts.required,
    });
    expect(checkCard({ number: '6011 1111 1111 1117', expiry: '13/30', cvc: '12' }, now)).toEqual({
      number: cardTexts.brand,
      expiry: cardTexts.expiryFormat,
      cvc: cardTexts.cvc,
    });
    expect(checkCard({ number: '4242 4242 4242 4242', expiry: '10/26', cvc: '123' }, now)).toEqual({
      expiry: 'Credit / debit card expired',
    });
    expect(checkCard({ number: '4242 4242 4242 4242', expiry: '11/26', cvc: '123' }, now)).toEqual({});
  });

  it('builds the 3-D Secure return paths from what the payment is for', () => {
    expect(returnUrls(100, undefined)).toEqual({
      success_url:
        '/3ds-callback?3ds=success&paymentType=credits&modelId=&amount=100&chatId=&messageId=&feedId=',
      fail_url: '/3ds-callback?3ds=error&paymentType=credits&modelId=&amount=100&chatId=&messageId=&feedId=',
    });
    expect(returnUrls(50, { model_id: 'c-1', chat_id: 'ch-1', tip: 30 }).success_url).toBe(
      '/3ds-callback?3ds=success&paymentType=tip&modelId=c-1&amount=50&chatId=ch-1&messageId=&feedId=',
    );
  });
});
