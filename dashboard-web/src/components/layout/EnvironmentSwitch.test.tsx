import '@testing-library/jest-dom/jest-globals';
import { beforeEach, describe, expect, it, type jest } from '@jest/globals';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch } from '../../../test/fetch';
import { answerBy, bodyOf, renderTab } from '../../../test/dashboard';
import { EnvironmentSwitch } from './EnvironmentSwitch';

describe('EnvironmentSwitch', () => {
  let fetchMock: jest.Mock<typeof fetch>;
  beforeEach(() => {
    localStorage.clear();
    fetchMock = mockFetch();
  });

  it('asks for the environment its button names, so a stale tab cannot toggle the other way', async () => {
    // The server already switched to production (another tab): a toggle would answer staging.
    answerBy(fetchMock, { 'PATCH /api/merchants/environment': [200, { environment: 'production' }] });
    renderTab(<EnvironmentSwitch environment="staging" />, '/dashboard/transactions');
    await userEvent.click(screen.getByRole('button', { name: 'Switch to production' }));
    expect(await screen.findByText('Environment updated')).toBeInTheDocument();
    expect(bodyOf(fetchMock, 'PATCH /api/merchants/environment')).toEqual({ environment: 'production' });
  });
});
