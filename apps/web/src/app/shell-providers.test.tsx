// The shell providers: the page renders at once with its toast region, so a toast created on arrival shows.
import { act, render, screen } from '@testing-library/react';
import { toaster } from '@/components/ui/toaster';
import { createApiRoot } from './api-root';
import { ShellProviders } from './shell-providers';

const toastRegion = () => document.querySelector('[data-scope="toast"][data-part="group"]');

describe('ShellProviders', () => {
  it('renders the page with its toast region, and shows a toast created as the page arrives', async () => {
    render(
      <ShellProviders apiRoot={createApiRoot({ navigate: () => undefined })}>
        <h1>Landing</h1>
      </ShellProviders>,
    );
    expect(screen.getByRole('heading', { name: 'Landing' })).toBeInTheDocument();
    act(() => {
      toaster.create({ type: 'success', title: 'Your email is verified. You can log in now.' });
    });
    expect(await screen.findByText('Your email is verified. You can log in now.')).toBeInTheDocument();
    expect(toastRegion()).not.toBeNull();
  });
});
