import type { ChangeEvent, ReactNode } from 'react';
import { FormControl, InputLabel, NativeSelect, OutlinedInput, type SxProps, type Theme } from '@mui/material';

/**
 * `<TextField select slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}>`, rendered the
 * same way (the browser's own select in MUI's outlined field) without MUI's Select, which always brings its
 * Menu, Popover and Modal along even when native.
 */
export function NativeSelectField({ id, label, value, onChange, children, fullWidth, sx }: {
  id: string;
  label: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLSelectElement>) => void;
  children: ReactNode;
  fullWidth?: boolean;
  sx?: SxProps<Theme>;
}) {
  return (
    <FormControl className="MuiTextField-root" fullWidth={fullWidth} variant="outlined" sx={sx}>
      <InputLabel htmlFor={id} id={`${id}-label`} shrink>
        {label}
      </InputLabel>
      <NativeSelect value={value} onChange={onChange} input={<OutlinedInput id={id} label={label} notched fullWidth={fullWidth} />}>
        {children}
      </NativeSelect>
    </FormControl>
  );
}
