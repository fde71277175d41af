import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { CodeBlock, COPY_FEEDBACK_MS } from './CodeBlock';

describe('CodeBlock', () => {
  afterEach(() => {
    jest.useRealTimers();
  });

  it('copies the code with the live base URL and shows the copied label for 2 seconds', async () => {
    jest.useFakeTimers();
    const writeText = jest.fn<(text: string) => Promise<void>>().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    render(<CodeBlock title="cURL" code="curl {{BASE_URL}}/client/payments" copyLabel="Copia" copiedLabel="Copiato!" />);

    expect(screen.getByText(`curl ${window.location.origin}/api/client/payments`)).toBeInTheDocument();
    await act(async () => {
      fireEvent.click(screen.getByTestId('copy-button'));
    });
    expect(writeText).toHaveBeenCalledWith(`curl ${window.location.origin}/api/client/payments`);
    expect(screen.getByTestId('copy-button')).toHaveTextContent('Copiato!');

    act(() => jest.advanceTimersByTime(COPY_FEEDBACK_MS - 1));
    expect(screen.getByTestId('copy-button')).toHaveTextContent('Copiato!');
    act(() => jest.advanceTimersByTime(1));
    expect(screen.getByTestId('copy-button')).toHaveTextContent('Copia');
  });
});
