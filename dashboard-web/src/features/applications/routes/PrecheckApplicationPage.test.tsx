import { beforeEach, describe, expect, it, type jest } from '@jest/globals';
import { samplePrecheckApplication, samplePrecheckForm } from '@tallyline/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, mockFetch } from '../../../../test/fetch';
import { renderPage } from '../../../../test/render';
import PrecheckApplicationPage from './PrecheckApplicationPage';

const SAMPLE = samplePrecheckApplication();

/** The input labelled exactly `label` (MUI appends a thin space and `*` to required labels). */
const input = (label: string) =>
  screen.getByLabelText(new RegExp(`^${label.replace(/[()/]/g, '\\$&')}(\\s*\\*)?$`), { selector: 'input, textarea' });

function type(values: Record<string, string>) {
  // fireEvent keeps this fast: the form's behaviour, not the keyboard, is under test here.
  for (const [label, value] of Object.entries(values)) fireEvent.change(input(label), { target: { value } });
}

async function choose(label: string, option: string) {
  await userEvent.selectOptions(screen.getByRole('combobox', { name: new RegExp(`^${label}`) }), option);
}

async function fillValidApplication() {
  await choose('Operating Country', 'United Kingdom');
  await choose('Company Type', 'Private Company (LTD)');
  await choose('Country', 'Germany');
  type({ ...samplePrecheckForm(SAMPLE), 'Incorporation Date': SAMPLE.incorporationDate ?? '' });
}

describe('PrecheckApplicationPage validation', () => {
  let fetchMock: jest.Mock<typeof fetch>;
  beforeEach(() => {
    fetchMock = mockFetch();
  });

  it('shows the spec messages for every missing field at once and sends nothing', async () => {
    renderPage(<PrecheckApplicationPage />, '/merchant-application/form');
    await userEvent.click(screen.getByRole('button', { name: 'Submit Application' }));
    for (const message of [
      'Operating country is required',
      'Company name is required',
      'Company type is required',
      'Street address is required',
      'Incorporation date is required',
      'Valid email is required',
      'Valid shareholder email is required',
      'Valid technical contact email is required',
      'Valid website URL is required',
      'Company description must be at least 10 characters',
      'USDT settlement address is required',
      'Shareholder first name is required',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("clears a field's message as soon as it is edited", async () => {
    renderPage(<PrecheckApplicationPage />, '/merchant-application/form');
    await userEvent.click(screen.getByRole('button', { name: 'Submit Application' }));
    expect(await screen.findByText('Company name is required')).toBeInTheDocument();
    await userEvent.type(input('Company Name'), 'A');
    expect(screen.queryByText('Company name is required')).not.toBeInTheDocument();
  });

  it('refuses a document that is not pdf, jpg or png before sending', async () => {
    renderPage(<PrecheckApplicationPage />, '/merchant-application/form');
    await fillValidApplication();
    await userEvent.upload(screen.getByLabelText(/^Passport \/ ID/), new File(['hello'], 'passport.txt', { type: 'text/plain' }), { applyAccept: false });
    expect(await screen.findByText('Only PDF, JPG and PNG files are accepted')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Submit Application' }));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends every field and the documents as multipart, then shows the success page with the reference', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(201, { id: 'a1', reference: 'APP-7K3Q9D', status: 'pending', createdAt: '2026-01-01T00:00:00Z' }));
    renderPage(<PrecheckApplicationPage />, '/merchant-application/form');
    await fillValidApplication();
    await userEvent.upload(screen.getByLabelText(/^Bank Statements/), new File(['%PDF-1.4'], 'statements.pdf', { type: 'application/pdf' }));
    await userEvent.click(screen.getByRole('button', { name: 'Submit Application' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/merchant-application/success');
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/merchant-applications');
    const body = init?.body as FormData;
    expect(body.get('companyName')).toBe(SAMPLE.companyName);
    expect(body.get('ownershipPercent')).toBe('100');
    expect(body.get('targetMarketsEU')).toBe('0');
    expect((body.get('bankStatements') as File).name).toBe('statements.pdf');
    expect(body.get('passportId')).toBeNull();
    // Sent: the tab keeps no draft of it.
    expect(sessionStorage.getItem('tallyline_draft:precheck-application')).toBeNull();
  });

  it('keeps the typed answers through a reload, and asks for the documents again', async () => {
    const page = renderPage(<PrecheckApplicationPage />, '/merchant-application/form');
    await fillValidApplication();
    page.unmount();
    renderPage(<PrecheckApplicationPage />, '/merchant-application/form');
    expect(await screen.findByRole('status')).toHaveTextContent('Files cannot be kept: choose your documents again.');
    expect(input('Company Name')).toHaveValue(SAMPLE.companyName);
    expect(screen.getByRole('combobox', { name: /^Operating Country/ })).toHaveValue('United Kingdom');
  });

  it("shows the server's message when the submission fails", async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse(400, { statusCode: 400, message: 'Only PDF, JPG and PNG files are accepted', errors: [{ field: 'bankStatements', message: 'Only PDF, JPG and PNG files are accepted' }] }),
    );
    renderPage(<PrecheckApplicationPage />, '/merchant-application/form');
    await fillValidApplication();
    await userEvent.click(screen.getByRole('button', { name: 'Submit Application' }));
    expect(await screen.findByText('Submission Failed')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByText('Only PDF, JPG and PNG files are accepted').length).toBeGreaterThan(0));
  });
});
