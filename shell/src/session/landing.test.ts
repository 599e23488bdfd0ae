import { landingAfterSignIn } from './landing';

describe('where sign-in leads', () => {
  it('takes a creator to her inbox, or to the chat she was opening', () => {
    expect(landingAfterSignIn({ type: 'featured' }, null)).toBe('/chats');
    expect(landingAfterSignIn({ type: 'featured' }, '/discover')).toBe('/chats');
    expect(landingAfterSignIn({ type: 'featured' }, '/chats/u-9')).toBe('/chats/u-9');
    expect(landingAfterSignIn({ type: 'featured' }, '/chatsroom')).toBe('/chats');
  });

  it('takes a fan where they were heading, or to Discover', () => {
    expect(landingAfterSignIn({ type: 'user' }, '/creators/u-2')).toBe('/creators/u-2');
    expect(landingAfterSignIn({ type: 'user' }, null)).toBe('/discover');
  });
});
