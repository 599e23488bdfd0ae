import { testUser } from '@cove/runtime/testing';
import { applyUtcOffset, browserUtcOffset } from './utc-offset';

const account = () => ({ patch: jest.fn().mockResolvedValue(testUser()) });

describe('the browser\u2019s UTC offset', () => {
  it('is saved on the account when it differs, in minutes east of UTC', async () => {
    const a = account();
    await applyUtcOffset(testUser({ utc_offset: null }), a, 60);
    expect(a.patch).toHaveBeenCalledWith({ utc_offset: 60 });
    const moved = account();
    await applyUtcOffset(testUser({ utc_offset: 60 }), moved, -300);
    expect(moved.patch).toHaveBeenCalledWith({ utc_offset: -300 });
  });

  it('is not written again when the account already has it', async () => {
    const a = account();
    await applyUtcOffset(testUser({ utc_offset: 60 }), a, 60);
    expect(a.patch).not.toHaveBeenCalled();
  });

  it('counts east of UTC as positive', () => {
    const date = new Date();
    jest.spyOn(date, 'getTimezoneOffset').mockReturnValue(-120);
    expect(browserUtcOffset(date)).toBe(120);
  });
});
