/**
 * The back-office's chip colours: a tinted background with dark text. MUI's filled warning and info chips put
 * white text on mid-tone orange and blue, below the 4.5:1 contrast small text needs.
 */
export const TINTS = {
  green: { bgcolor: '#e8f5e9', color: '#1b5e20' },
  blue: { bgcolor: '#e3f2fd', color: '#0d47a1' },
  red: { bgcolor: '#ffebee', color: '#b71c1c' },
  amber: { bgcolor: '#fff8e1', color: '#7a4f01' },
  orange: { bgcolor: '#fff3e0', color: '#8a4500' },
  deepOrange: { bgcolor: '#fbe9e7', color: '#bf360c' },
  purple: { bgcolor: '#f3e5f5', color: '#4a148c' },
  grey: { bgcolor: '#eceff1', color: '#37474f' },
} as const;

export type Tint = (typeof TINTS)[keyof typeof TINTS];
