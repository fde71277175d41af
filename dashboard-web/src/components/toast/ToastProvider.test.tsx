import '@testing-library/jest-dom/jest-globals';
import { describe, expect, it, jest } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

// The snackbar's code cannot be downloaded, as when the server stops while a page is open.
jest.unstable_mockModule('./ToastView', () => {
  throw new TypeError('Failed to fetch dynamically imported module: /assets/ToastView.js');
});
const { ToastProvider } = await import('./ToastProvider');
const { useToast } = await import('./toast-context');

function ExportButton() {
  const toast = useToast();
  return (
    <button type="button" onClick={() => toast({ title: 'Export failed', description: 'Failed to fetch', variant: 'destructive' })}>
      Export
    </button>
  );
}

describe('ToastProvider', () => {
  it('still shows the message, plainly, when the toast cannot be downloaded, and the page stays', async () => {
    render(
      <ToastProvider>
        <h1>Transactions</h1>
        <ExportButton />
      </ToastProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Export failed Failed to fetch');
    expect(screen.getByRole('heading', { name: 'Transactions' })).toBeInTheDocument();
    // Gone after 5 s, or at a click.
    await userEvent.click(screen.getByRole('alert'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
