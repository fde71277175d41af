import { beforeEach, describe, expect, it, type jest } from '@jest/globals';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch } from '../../../../test/fetch';
import { renderPage } from '../../../../test/render';
import LongApplicationPage from './LongApplicationPage';

describe('LongApplicationPage validation', () => {
  let fetchMock: jest.Mock<typeof fetch>;
  beforeEach(() => {
    fetchMock = mockFetch();
  });

  it('shows the long form messages, including the multi-selects and the two agreements, and sends nothing', async () => {
    renderPage(<LongApplicationPage />, '/merchant-application');
    await userEvent.click(screen.getByRole('button', { name: 'Submit Application' }));
    for (const message of [
      'Company name must be at least 2 characters',
      'Legal name is required',
      'Please enter a valid website URL',
      'Please provide a detailed business description',
      'Please enter a valid email address',
      'Phone number is required',
      'Select at least one payment method',
      'Select at least one processing country',
      'You must agree to the terms and conditions',
      'You must agree to the privacy policy',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('keeps what was typed through a reload of the tab, says so, and starts over on request', async () => {
    const page = renderPage(<LongApplicationPage />, '/merchant-application');
    await userEvent.type(screen.getByLabelText(/^Company Name/), 'Analytical Engines');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Visa' }));
    page.unmount();
    renderPage(<LongApplicationPage />, '/merchant-application');
    expect(await screen.findByRole('status')).toHaveTextContent('We kept the answers you typed in this tab.');
    expect(screen.getByLabelText(/^Company Name/)).toHaveValue('Analytical Engines');
    expect(screen.getByRole('checkbox', { name: 'Visa' })).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Start over' }));
    expect(screen.getByLabelText(/^Company Name/)).toHaveValue('');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(sessionStorage.getItem('tallyline_draft:long-application')).toBeNull();
  });

  it('shows termination details only while "terminated before" is ticked', async () => {
    renderPage(<LongApplicationPage />, '/merchant-application');
    expect(screen.queryByLabelText(/^Termination Details/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'We have had a merchant account terminated before' }));
    expect(screen.getByLabelText(/^Termination Details/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'We have had a merchant account terminated before' }));
    expect(screen.queryByLabelText(/^Termination Details/)).not.toBeInTheDocument();
  });
});
