import { forwardRef, type ChangeEvent, type ReactNode } from 'react';
import { Box, Typography, type SxProps, type Theme } from '@mui/material';
import CheckBox from '@mui/icons-material/CheckBox';
import CheckBoxOutlineBlank from '@mui/icons-material/CheckBoxOutlineBlank';
import { PRIMARY_MAIN } from '../../lib/theme';

interface LabelledCheckboxProps {
  label: ReactNode;
  checked: boolean;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  onBlur?: () => void;
  name?: string;
  value?: string;
  id?: string;
  error?: boolean;
  'aria-describedby'?: string | undefined;
  sx?: Exclude<SxProps<Theme>, readonly unknown[]>;
}

/**
 * MUI's `<FormControlLabel control={<Checkbox />} />` as the public forms show it (the same elements, classes
 * and look: the browser's checkbox, invisible, over MUI's checkbox icon, beside its label), without Checkbox,
 * SwitchBase, FormControlLabel and ButtonBase's handling: about 3.5 KiB of gzipped JavaScript on each sign-up
 * and application page.
 */
export const LabelledCheckbox = forwardRef<HTMLInputElement, LabelledCheckboxProps>(function LabelledCheckbox(
  { label, checked, error = false, sx, ...input },
  ref,
) {
  return (
    <Box
      component="label"
      className="MuiFormControlLabel-root"
      sx={[{ display: 'inline-flex', alignItems: 'center', cursor: 'pointer', verticalAlign: 'middle', ml: '-11px', mr: 2 }, sx ?? false]}
    >
      <Box
        component="span"
        className={`MuiCheckbox-root${checked ? ' Mui-checked' : ''}`}
        sx={{
          position: 'relative',
          display: 'inline-flex',
          p: '9px',
          borderRadius: '50%',
          color: checked ? 'primary.main' : 'text.secondary',
          '&:hover': { bgcolor: 'action.hover' },
          // Inside the checkbox's circle, where MUI's focus ripple shows, clear of the label.
          '&:has(input:focus-visible)': { outline: `2px solid ${PRIMARY_MAIN}`, outlineOffset: -3 },
        }}
      >
        <Box
          component="input"
          type="checkbox"
          ref={ref}
          checked={checked}
          sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', m: 0, p: 0, opacity: 0, cursor: 'inherit', zIndex: 1 }}
          {...input}
        />
        {checked ? <CheckBox /> : <CheckBoxOutlineBlank />}
      </Box>
      <Typography component="span" sx={error ? { color: 'error.main' } : undefined}>{label}</Typography>
    </Box>
  );
});
