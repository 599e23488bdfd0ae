import { checkText, normalise } from './keyword-check';

const config = {
  global_keywords: 'underage,kill yourself',
  payment_keywords: 'paypal,cash app,western union',
  app_keywords: 'whatsapp,telegram',
};

describe('message text checks', () => {
  it('compares case-insensitively after stripping punctuation', () => {
    expect(normalise('Pay-Pal!? PAYPAL.')).toBe(' pay pal paypal ');
    expect(checkText('send it via PayPal!!', config)).toEqual({ kind: 'warn', reason: 'payment' });
    expect(checkText('Cash-App me', config)).toEqual({ kind: 'warn', reason: 'payment' });
  });

  it('matches whole words and phrases only', () => {
    expect(checkText('my paypalace', config)).toEqual({ kind: 'ok' });
    expect(checkText('Telegram? sure', config)).toEqual({ kind: 'warn', reason: 'app' });
  });

  it('blocks global keywords before anything else', () => {
    expect(checkText('paypal, kill. yourself', config)).toEqual({
      kind: 'blocked',
      keyword: 'kill yourself',
    });
  });

  it.each(['visit me at site.com', 'WWW.EXAMPLE.NET', 'foo.co.uk/page', 'my.blog.info'])(
    'warns about the link in %p',
    (text) => {
      expect(checkText(text, config)).toEqual({ kind: 'warn', reason: 'link' });
    },
  );

  it('lets ordinary text through', () => {
    expect(checkText('Good morning! How was the concert? 3.5 stars.', config)).toEqual({ kind: 'ok' });
  });
});
