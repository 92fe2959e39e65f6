// The shell providers: the page renders at once without Chakra; the toast region mounts once the toaster has loaded,
// and a toast created on arrival (even before the region listens) shows.
import { act, render, screen } from '@testing-library/react';
import { toaster } from '@/components/ui/toaster';
import { createApiRoot } from './api-root';
import { ShellProviders } from './shell-providers';

const toastRegion = () => document.querySelector('[data-scope="toast"][data-part="group"]');

const renderShell = () =>
  render(
    <ShellProviders apiRoot={createApiRoot({ navigate: () => undefined })}>
      <h1>Landing</h1>
    </ShellProviders>,
  );

describe('ShellProviders', () => {
  afterEach(() => {
    toaster.remove();
  });

  it('renders the page with its toast region, and shows a toast created as the page arrives', async () => {
    renderShell();
    expect(screen.getByRole('heading', { name: 'Landing' })).toBeInTheDocument();
    act(() => {
      toaster.create({ type: 'success', title: 'Your email is verified. You can log in now.' });
    });
    expect(await screen.findByText('Your email is verified. You can log in now.')).toBeInTheDocument();
    expect(toastRegion()).not.toBeNull();
  });

  it('shows a toast created before any toast region was mounted, once one is', async () => {
    expect(toastRegion()).toBeNull();
    toaster.error({ title: 'Held until the region listens' });
    renderShell();
    expect(await screen.findByText('Held until the region listens')).toBeInTheDocument();
  });
});
