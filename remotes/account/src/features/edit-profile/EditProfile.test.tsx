import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { tagsResponse, type MediaConfig, type User } from '@cove/contracts';
import { failWith, fakeHost, testMediaResponse, testUser, type RecordedCall } from '@cove/runtime/testing';
import { renderAccount } from '../../testing/render-account';

const config: MediaConfig = { upload_url: '/v1/media', max_photo_bytes: 1e8, max_video_bytes: 5e8 };
const photoId = '0b6f3f0e-4a63-4c59-9d0b-8a3c6f1d2e11';

function renderEditProfile(respond: (call: RecordedCall) => unknown, user: Partial<User> = {}) {
  const fake = fakeHost({
    user: testUser({ type: 'featured', username: 'luna', gender: 'female', ...user }),
    respond: (call) => (call.path === '/v1/media/config' ? config : respond(call)),
  });
  const reload = jest.spyOn(fake.host.account, 'reload');
  renderAccount('/account/edit-profile', fake.host);
  return { ...fake, reload };
}

beforeEach(() => window.localStorage.setItem('auth-token', 'tok-1'));
afterEach(() => window.localStorage.clear());

const profilePatches = (calls: RecordedCall[]) =>
  calls.filter((c) => c.method === 'PATCH' && c.path === '/v1/users/profile').map((c) => c.body);

describe('edit profile for creators', () => {
  it('uploads a photo, crops it and saves the avatar with its media id and crop', async () => {
    const { calls, reload } = renderEditProfile((call) => {
      if (call.path === '/v1/media/available') return { status: false, media: null };
      if (call.path === '/v1/media' && call.method === 'POST') return testMediaResponse(photoId);
      return undefined;
    });
    const section = screen.getByRole('region', { name: 'Profile photo' });
    expect(within(section).getByText('No profile photo yet.')).toBeInTheDocument();
    fireEvent.change(within(section).getByLabelText('Upload profile photo'), {
      target: { files: [new File([new Uint8Array([137, 80, 78, 71])], 'me.png', { type: 'image/png' })] },
    });

    // The 1440 x 960 photo starts with the largest centred square, which the person moves right.
    expect(await within(section).findByRole('img', { name: 'Your new profile photo' })).toHaveAttribute(
      'src',
      `/media/p-${photoId}/sr.jpg`,
    );
    const upload = calls.find((c) => c.method === 'POST' && c.path === '/v1/media');
    expect(upload?.body).toMatchObject({ type: 'message' });
    const frame = within(section).getByRole('button', { name: 'Crop frame' });
    frame.focus();
    await userEvent.keyboard('{ArrowRight}');
    await userEvent.click(within(section).getByRole('button', { name: 'Save profile photo' }));

    expect(await within(section).findByRole('status')).toHaveTextContent('Your profile photo is saved');
    expect(profilePatches(calls)).toEqual([
      {
        avatar_media_id: photoId,
        avatar_crop: {
          x: expect.closeTo(1 / 6 + 0.02) as number,
          y: 0,
          width: expect.closeTo(2 / 3) as number,
          height: 1,
        },
      },
    ]);
    expect(reload).toHaveBeenCalled();
  });

  it('crops a cover at 3:1 and zooms in about the centre', async () => {
    const { calls } = renderEditProfile((call) => {
      if (call.path === '/v1/media/available') return { status: true, media: testMediaResponse(photoId) };
      return undefined;
    });
    const section = screen.getByRole('region', { name: 'Cover' });
    fireEvent.change(within(section).getByLabelText('Upload cover'), {
      target: { files: [new File(['bytes'], 'wide.png', { type: 'image/png' })] },
    });
    fireEvent.change(await within(section).findByRole('slider', { name: 'Zoom' }), {
      target: { value: '2' },
    });
    await userEvent.click(within(section).getByRole('button', { name: 'Save cover' }));
    await within(section).findByRole('status');
    // 1440 x 960 under a 3:1 frame: the whole width and half the height, halved again by the zoom.
    expect(profilePatches(calls)).toEqual([
      { cover_media_id: photoId, cover_crop: { x: 0.25, y: 0.375, width: 0.5, height: 0.25 } },
    ]);
  });

  it('shows the upload while it goes, and cancels it', async () => {
    renderEditProfile((call) => {
      if (call.path === '/v1/media/available') return { status: false, media: null };
      if (call.path === '/v1/media' && call.method === 'POST') return new Promise(() => undefined);
      return undefined;
    });
    const section = screen.getByRole('region', { name: 'Profile photo' });
    fireEvent.change(within(section).getByLabelText('Upload profile photo'), {
      target: { files: [new File(['x'], 'slow.png', { type: 'image/png' })] },
    });
    await within(section).findByRole('progressbar', { name: 'Uploading slow.png' });
    await userEvent.click(within(section).getByRole('button', { name: 'Cancel slow.png' }));
    await waitFor(() => expect(within(section).queryByRole('progressbar')).toBeNull());
    expect(within(section).queryByRole('button', { name: 'Crop frame' })).toBeNull();
  });

  it('draws a random avatar', async () => {
    const { calls, reload } = renderEditProfile(() => undefined, { avatar_url: '/media/a/avatar.jpg' });
    const section = screen.getByRole('region', { name: 'Profile photo' });
    expect(within(section).getByRole('img', { name: 'Your profile photo' })).toHaveAttribute(
      'src',
      '/media/a/avatar.jpg',
    );
    await userEvent.click(within(section).getByRole('button', { name: 'Random avatar' }));
    expect(await within(section).findByRole('status')).toHaveTextContent('A new random avatar is saved');
    expect(calls.filter((c) => c.method === 'PATCH')).toEqual([
      expect.objectContaining({ path: '/v1/users/random_avatar' }),
    ]);
    expect(reload).toHaveBeenCalled();
  });

  it('counts the bio as it is typed and shows the server refusal beside it', async () => {
    const refusal = 'Sorry, you cannot mention exclusive content in your title/bio';
    const { calls } = renderEditProfile((call) =>
      call.path === '/v1/users/profile' ? failWith(400, refusal, { code: 'exclusive_content' }) : undefined,
    );
    const form = screen.getByRole('form', { name: 'Bio' });
    const field = within(form).getByRole('textbox', { name: 'Bio' });
    expect(within(form).getByText('0/500')).toBeInTheDocument();
    await userEvent.type(field, 'Exclusive pics');
    expect(within(form).getByText('14/500')).toBeInTheDocument();
    expect(field).toHaveAttribute('maxlength', '500');
    await userEvent.click(within(form).getByRole('button', { name: 'Save bio' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(refusal);
    expect(field).toHaveAccessibleDescription(`14/500 ${refusal}`);
    expect(profilePatches(calls)).toEqual([{ bio: 'Exclusive pics' }]);
  });

  it('adds tags and lists them', async () => {
    const { calls } = renderEditProfile(
      (call) =>
        call.path === '/v1/users/tags' ? tagsResponse.parse({ tags: ['music', 'cooking'] }) : undefined,
      { tags: ['music'] },
    );
    const form = screen.getByRole('form', { name: 'Tags' });
    expect(
      within(form)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['music']);
    await userEvent.type(within(form).getByRole('textbox', { name: 'New tag' }), 'cooking');
    await userEvent.click(within(form).getByRole('button', { name: 'Add tag' }));
    await waitFor(() =>
      expect(
        within(form)
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual(['music', 'cooking']),
    );
    expect(calls.at(-1)).toMatchObject({ method: 'POST', path: '/v1/users/tags', body: { tag: 'cooking' } });
    expect(within(form).getByRole('textbox', { name: 'New tag' })).toHaveValue('');
  });

  it('shows prices as money and sends them as credits', async () => {
    const { calls } = renderEditProfile(() => undefined, { credit_rate: 25, subscription_price: 0 });
    const form = screen.getByRole('form', { name: 'Prices' });
    const rate = within(form).getByRole('textbox', { name: 'Chat rate (per message)' });
    const price = within(form).getByRole('textbox', { name: 'Monthly subscription price' });
    expect(rate).toHaveValue('2.50');
    expect(rate).toHaveAccessibleDescription('$2.50 for each message a fan sends in a new chat.');
    expect(price).toHaveValue('0.00');
    expect(price).toHaveAccessibleDescription('Subscriptions off');

    await userEvent.clear(price);
    await userEvent.type(price, '9.95');
    expect(price).toHaveAccessibleDescription('Enter an amount in dollars, in steps of $0.10.');
    expect(within(form).getByRole('button', { name: 'Save prices' })).toBeDisabled();
    await userEvent.clear(price);
    await userEvent.type(price, '9.90');
    expect(price).toHaveAccessibleDescription('$9.90 a month. Set 0 to turn subscriptions off.');
    await userEvent.clear(rate);
    await userEvent.type(rate, '3');
    await userEvent.click(within(form).getByRole('button', { name: 'Save prices' }));
    expect(await within(form).findByRole('status')).toHaveTextContent('Prices saved');
    expect(profilePatches(calls)).toEqual([{ credit_rate: 30, subscription_price: 99 }]);
  });
});

describe('edit profile for a creator in review', () => {
  it('tells a restricted creator that fans can subscribe once approved, and still saves the price', async () => {
    const { calls } = renderEditProfile(() => undefined, { restricted: true, subscription_price: 0 });
    const form = screen.getByRole('form', { name: 'Prices' });
    expect(within(form).getByRole('note')).toHaveTextContent(
      'Fans can subscribe once your creator account is approved.',
    );
    const price = within(form).getByRole('textbox', { name: 'Monthly subscription price' });
    await userEvent.clear(price);
    await userEvent.type(price, '9.90');
    await userEvent.click(within(form).getByRole('button', { name: 'Save prices' }));
    expect(await within(form).findByRole('status')).toHaveTextContent('Prices saved');
    expect(profilePatches(calls)).toEqual([{ subscription_price: 99 }]);
  });

  it('says nothing of it to an approved creator', () => {
    renderEditProfile(() => undefined, { restricted: false });
    expect(within(screen.getByRole('form', { name: 'Prices' })).queryByRole('note')).toBeNull();
  });
});

describe('edit profile for fans', () => {
  it('keeps to username and gender', () => {
    const fake = fakeHost({ user: testUser({ username: 'river', gender: 'male' }) });
    renderAccount('/account/edit-profile', fake.host);
    expect(screen.getByRole('form', { name: 'Edit profile' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Profile photo' })).toBeNull();
    expect(screen.queryByRole('form', { name: 'Bio' })).toBeNull();
    expect(screen.queryByRole('form', { name: 'Prices' })).toBeNull();
  });
});
