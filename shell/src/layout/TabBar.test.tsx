import { screen, within } from '@testing-library/react';
import { signIn } from '@cove/runtime/shell';
import { testUser } from '@cove/runtime/testing';
import { fakeServices } from '../test/fake-services';
import { renderInShell } from '../test/render-in-shell';
import { unreadAnswers } from '../test/unread-answers';
import { TabBar } from './TabBar';

function showTabs(user: Parameters<typeof testUser>[0], path = '/chats') {
  const fake = fakeServices();
  fake.respond(unreadAnswers({ messages: 4, notifications: 1 }));
  signIn(fake.services.host.session, testUser(user));
  const stop = fake.services.counts.start();
  renderInShell(fake.services, <TabBar />, path);
  return { stop, tabs: () => within(screen.getByRole('navigation', { name: 'Tabs' })).getAllByRole('link') };
}

describe('phone tab bar', () => {
  it('takes a fan Home, to Chats and Notifications with their counts, and to Account', async () => {
    const { stop, tabs } = showTabs({ type: 'user' });
    expect(await screen.findByRole('link', { name: 'Chats (4 unread)' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(await screen.findByRole('link', { name: 'Notifications (1 unread)' })).toHaveAttribute(
      'href',
      '/notifications',
    );
    expect(tabs().map((t) => [t.textContent, t.getAttribute('href')])).toEqual([
      ['Home', '/home'],
      ['Chats4(4 unread)', '/chats'],
      ['Notifications1(1 unread)', '/notifications'],
      ['Account', '/account'],
    ]);
    stop();
  });

  it('starts a creator at their own profile, where they post', () => {
    const { stop, tabs } = showTabs({ _id: 'c-7', type: 'featured' }, '/creators/c-7');
    expect(tabs()[0]).toHaveAttribute('href', '/creators/c-7');
    expect(tabs()[0]).toHaveAttribute('aria-current', 'page');
    stop();
  });

  it('is not there for visitors', () => {
    const fake = fakeServices();
    renderInShell(fake.services, <TabBar />, '/discover');
    expect(screen.queryByRole('navigation', { name: 'Tabs' })).toBeNull();
  });
});
