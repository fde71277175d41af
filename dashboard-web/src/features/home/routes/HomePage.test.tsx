import { describe, expect, it } from '@jest/globals';
import { screen } from '@testing-library/react';
import { renderPage } from '../../../../test/render';
import HomePage from './HomePage';

describe('HomePage', () => {
  it('promises a developer API and mobile SDKs (spec §1)', () => {
    renderPage(<HomePage />, '/');
    expect(screen.getByText(/a developer API and mobile SDKs/)).toBeInTheDocument();
  });
});
