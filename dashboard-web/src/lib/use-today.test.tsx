import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { act, render, screen } from '@testing-library/react';
import { useToday } from './use-today';

function Today() {
  const today = useToday();
  return <p>{today ? today.toDateString() : 'not yet'}</p>;
}

describe('useToday', () => {
  afterEach(() => {
    jest.useRealTimers();
  });

  it("shows the browser's day and moves on to the next one at midnight while the page stays open", () => {
    jest.useFakeTimers({ now: new Date(2027, 0, 14, 23, 59, 30) });
    render(<Today />);
    expect(screen.getByText('Thu Jan 14 2027')).toBeTruthy();
    act(() => jest.advanceTimersByTime(60_000));
    expect(screen.getByText('Fri Jan 15 2027')).toBeTruthy();
    act(() => jest.advanceTimersByTime(24 * 3600_000));
    expect(screen.getByText('Sat Jan 16 2027')).toBeTruthy();
  });
});
