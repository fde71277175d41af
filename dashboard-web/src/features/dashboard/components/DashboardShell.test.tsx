import '@testing-library/jest-dom/jest-globals';
import { beforeEach, describe, expect, it } from '@jest/globals';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'wouter';
import type { Merchant } from '@tallyline/contracts';
import { mockFetch } from '../../../../test/fetch';
import { renderTab } from '../../../../test/dashboard';
import { DashboardShell } from './DashboardShell';

const merchant: Merchant = { id: 'm1', companyName: 'Acme', email: 'a@acme.test', website: null, businessType: 'Retail', environment: 'production', isActive: true, createdAt: '2026-01-01T00:00:00Z' };

function Path() {
  return <p data-testid="path">{useLocation()[0]}</p>;
}

/** The shell with the tab its path names, as the dashboard page renders it. */
function Shell() {
  const [path] = useLocation();
  return <DashboardShell merchant={merchant} tab={path.startsWith('/dashboard/transactions') ? 'transactions' : 'overview'}><Path /></DashboardShell>;
}

const renderShell = (url: string) => renderTab(<Shell />, url);

describe('the top bar search', () => {
  beforeEach(() => {
    localStorage.clear();
    mockFetch();
  });

  it('opens the transactions tab filtered by what is typed, after a pause, without Enter', async () => {
    renderShell('/dashboard/overview');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search transactions' }), 'Ann Sm');
    await waitFor(() => expect(screen.getByTestId('path')).toHaveTextContent('/dashboard/transactions'));
    expect(screen.getByTestId('search')).toHaveTextContent('?q=Ann+Sm');
    // Typed on: the box keeps every letter and space, the URL follows.
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search transactions' }), 'ith');
    await waitFor(() => expect(screen.getByTestId('search')).toHaveTextContent('?q=Ann+Smith'));
    expect(screen.getByRole('searchbox', { name: 'Search transactions' })).toHaveValue('Ann Smith');
  });

  it("keeps the tab's other filters, starts from page one, and clears with its button or Escape", async () => {
    renderShell('/dashboard/transactions?status=completed&q=ann&after=c1');
    const box = screen.getByRole('searchbox', { name: 'Search transactions' });
    expect(box).toHaveValue('ann');
    await userEvent.clear(box);
    await userEvent.type(box, 'bert{Enter}');
    expect(screen.getByTestId('search')).toHaveTextContent(/^\?status=completed&q=bert$/);
    await userEvent.click(screen.getByRole('button', { name: 'Clear transactions search' }));
    expect(screen.getByTestId('search')).toHaveTextContent(/^\?status=completed$/);
    expect(box).toHaveValue('');
    await userEvent.type(box, 'pat{Enter}');
    expect(screen.getByTestId('search')).toHaveTextContent(/^\?status=completed&q=pat$/);
    await userEvent.keyboard('{Escape}');
    expect(screen.getByTestId('search')).toHaveTextContent(/^\?status=completed$/);
  });
});

describe('the dashboard menu button (phones)', () => {
  beforeEach(() => {
    localStorage.clear();
    mockFetch();
  });

  it('says whether the menu drawer is open, and which element it opens', async () => {
    renderShell('/dashboard/overview');
    const button = screen.getByRole('button', { name: 'Open dashboard menu' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const menu = document.getElementById(button.getAttribute('aria-controls') ?? '');
    expect(menu).toContainElement(screen.getAllByRole('navigation', { name: 'Dashboard' }).at(-1) ?? null);
    // The screen's only menu on phones: the site's links and signing out are in it too.
    expect(menu).toContainElement(screen.getByRole('navigation', { name: 'Site' }));
    expect(screen.getByRole('navigation', { name: 'Site' })).toContainElement(screen.getByRole('link', { name: 'Pricing' }));
    expect(menu).toContainElement(screen.getByRole('button', { name: 'Sign out' }));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(button).toHaveAttribute('aria-expanded', 'false'));
  });
});
