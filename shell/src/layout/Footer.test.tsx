import { render, screen } from '@testing-library/react';
import { MemoryRouter } from '@cove/router';
import { Footer } from './Footer';

const renderAt = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <Footer />
    </MemoryRouter>,
  );

describe('footer', () => {
  it('links the terms and the privacy policy', () => {
    renderAt('/discover');
    const legal = screen.getByRole('navigation', { name: 'Legal' });
    expect(legal).toContainElement(screen.getByRole('link', { name: 'Terms of Service' }));
    expect(screen.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
  });

  it('leaves the full-screen chats alone', () => {
    renderAt('/chats/u-2');
    expect(screen.queryByRole('navigation', { name: 'Legal' })).not.toBeInTheDocument();
  });
});
