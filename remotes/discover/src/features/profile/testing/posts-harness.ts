import type { FeedItem } from '@cove/contracts';
import { testUser, type RecordedCall } from '@cove/runtime/testing';
import { screen } from '@testing-library/react';
import { feedPageOf, testCreator, testMedia } from '../../../testing/fixtures';

export const fan = testUser({ _id: 'u-1', type: 'user' });
export const me = testUser({ _id: 'c-1', type: 'featured', username: 'maya' });
export const blurred = testMedia({ locked: true, th: '/media/p-md-1/bl.jpg', sr: '/media/p-md-1/bl.jpg' });

export function server(posts: FeedItem[], extra: (call: RecordedCall) => unknown = () => undefined) {
  return (call: RecordedCall) => {
    const answer = extra(call);
    if (answer !== undefined) return answer;
    if (call.path === '/v1/users/c-1/profile') return { data: testCreator() };
    if (call.path === '/v1/feed' && call.method === 'GET') return feedPageOf(posts);
    if (call.path === '/v1/feed/scheduled') return { data: [] };
    return undefined;
  };
}

/** Signs the reader in for each test of the calling file. */
export function signedIn() {
  beforeEach(() => window.localStorage.setItem('auth-token', 'tok-1'));
  afterEach(() => window.localStorage.clear());
}

export const postsRegion = () => screen.findByRole('region', { name: 'Posts' });
