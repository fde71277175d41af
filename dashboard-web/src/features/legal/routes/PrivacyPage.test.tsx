import { describe, expect, it } from '@jest/globals';
import { screen } from '@testing-library/react';
import { renderPage } from '../../../../test/render';
import PrivacyPage from './PrivacyPage';

describe('PrivacyPage', () => {
  it('says, in the policy itself, that the company does not sell personal data (spec §1)', () => {
    renderPage(<PrivacyPage />, '/privacy');
    const sharing = screen.getByRole('region', { name: /Sharing Your Information/ });
    expect(sharing).toHaveTextContent('We do not sell personal data');
  });
});
