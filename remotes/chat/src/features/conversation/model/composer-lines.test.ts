import { testChat } from '@cove/runtime/testing';
import { kindOf, rateLine } from './composer-lines';

describe('the message composer lines', () => {
  it('tells a fan what a message costs, and nothing to a creator', () => {
    expect(rateLine(testChat({ credit_rate: 25 }), true, true)).toBe('Each message costs $2.50.');
    expect(rateLine(testChat({ credit_rate: 0 }), true, true)).toBe('Messages in this chat are free.');
    expect(rateLine(testChat({ credit_rate: 25 }), false, true)).toBeNull();
  });

  it("makes an intro's first message free until the fan has written", () => {
    const intro = testChat({ credit_rate: 25, is_intro: true, intro_ended: false });
    expect(rateLine(intro, true, false)).toBe('Your first message is free.');
    expect(rateLine(intro, true, true)).toBe('Each message costs $2.50.');
  });

  it('sends a video as a video and anything else as a photo', () => {
    expect(kindOf({ type: 'video/mp4' })).toBe('video');
    expect(kindOf({ type: 'image/png' })).toBe('image');
  });
});
