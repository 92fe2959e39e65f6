// The shell providers: the page renders at once, and the toast region (zag's toast machine) waits for the toaster.
import { act, render, screen } from '@testing-library/react';
import { createApiRoot } from './api-root';
import { ShellProviders } from './shell-providers';

const toastRegion = () => document.querySelector('[data-scope="toast"][data-part="group"]');

describe('ShellProviders', () => {
  it('renders the page without loading the toaster, then shows a toast created before its region mounted', async () => {
    render(
      <ShellProviders apiRoot={createApiRoot({ navigate: () => undefined })}>
        <h1>Landing</h1>
      </ShellProviders>,
    );
    expect(screen.getByRole('heading', { name: 'Landing' })).toBeInTheDocument();
    // Long enough for a lazy import to settle: nothing on the page imported the toaster, so no region.
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(toastRegion()).toBeNull();

    await act(async () => {
      const { toaster } = await import('@/components/ui/toaster');
      toaster.create({ type: 'success', title: 'Saved before the region existed' });
    });
    expect(await screen.findByText('Saved before the region existed')).toBeInTheDocument();
    expect(toastRegion()).not.toBeNull();
  });
});
