import type { ChangeEvent, ReactNode, Ref } from 'react';
import { FormControl, FormHelperText, InputLabel, NativeSelect, OutlinedInput, type SxProps, type Theme } from '@mui/material';

/**
 * `<TextField select slotProps={{ select: { native: true } }}>`, rendered the same way (the browser's own
 * select in MUI's outlined field, with TextField's ids and aria links) without MUI's Select, which always
 * brings its Menu, Popover and Modal along even when native.
 *
 * With `placeholder`, the select starts on an empty choice that is not in its list (a form's select with no
 * value yet) and its label sits inside the field until a value is chosen, as with MUI's Select; without it,
 * the label is always above the field (a select that always has a value).
 */
export function NativeSelectField({
  id,
  label,
  value,
  onChange,
  children,
  fullWidth,
  sx,
  name,
  inputRef,
  onBlur,
  required,
  error,
  helperText,
  placeholder = false,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLSelectElement>) => void;
  children: ReactNode;
  fullWidth?: boolean;
  sx?: SxProps<Theme>;
  name?: string;
  inputRef?: Ref<HTMLSelectElement>;
  onBlur?: () => void;
  required?: boolean | undefined;
  error?: boolean;
  helperText?: ReactNode;
  placeholder?: boolean;
}) {
  const helperTextId = helperText ? `${id}-helper-text` : undefined;
  return (
    <FormControl className="MuiTextField-root" fullWidth={fullWidth} variant="outlined" sx={sx} required={required} error={error}>
      <InputLabel htmlFor={id} id={`${id}-label`} shrink={placeholder ? undefined : true}>
        {label}
      </InputLabel>
      <NativeSelect
        value={value}
        onChange={onChange}
        onBlur={onBlur}
        inputRef={inputRef}
        name={name}
        input={<OutlinedInput id={id} label={label} notched={placeholder ? undefined : true} fullWidth={fullWidth} aria-describedby={helperTextId} />}
      >
        {/* Shown while nothing is chosen; hidden from the list, so it cannot be chosen again. */}
        {placeholder && <option value="" disabled hidden />}
        {children}
      </NativeSelect>
      {helperText && <FormHelperText id={helperTextId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
