import { forwardRef, useId, type ReactNode } from 'react';
import {
  FormControl,
  FormHelperText,
  InputLabel,
  OutlinedInput,
  type FormHelperTextProps,
  type InputBaseComponentProps,
  type InputLabelProps,
  type OutlinedInputProps,
  type TextFieldProps } from '@mui/material';

/** What the public forms pass to a text input: TextField's props, without `select` and other variants. */
export type TextInputProps = Omit<TextFieldProps, 'select' | 'variant' | 'children' | 'slots' | 'slotProps' | 'label' | 'helperText'> & {
  label?: ReactNode;
  helperText?: ReactNode;
  slotProps?: {
    input?: Partial<OutlinedInputProps>;
    inputLabel?: Partial<InputLabelProps>;
    htmlInput?: InputBaseComponentProps;
    formHelperText?: Partial<FormHelperTextProps>;
  };
};

/**
 * MUI's outlined `TextField`, rendered the same way (same elements, classes, ids and aria links), without
 * what TextField always brings along for its `select` and other variants (Select, Menu, Popover, Modal,
 * FilledInput, Input): about 20 KiB of gzipped JavaScript on a public form page. For a select, NativeSelectField.
 */
export const TextInput = forwardRef<HTMLDivElement, TextInputProps>(function TextInput(props, ref) {
  const {
    autoComplete,
    autoFocus = false,
    className,
    color = 'primary',
    defaultValue,
    disabled = false,
    error = false,
    fullWidth = false,
    helperText,
    id: idOverride,
    inputRef,
    label,
    maxRows,
    minRows,
    multiline = false,
    name,
    onBlur,
    onChange,
    onFocus,
    placeholder,
    required = false,
    rows,
    slotProps = {},
    type,
    value,
    ...other
  } = props;
  const generatedId = useId();
  const id = idOverride ?? generatedId;
  const helperTextId = helperText ? `${id}-helper-text` : undefined;
  const inputLabelId = label ? `${id}-label` : undefined;
  const labelProps = slotProps.inputLabel;
  return (
    <FormControl
      {...other}
      ref={ref}
      className={className ? `MuiTextField-root ${className}` : 'MuiTextField-root'}
      disabled={disabled}
      error={error}
      fullWidth={fullWidth}
      required={required}
      color={color}
      variant="outlined"
    >
      {label != null && label !== '' && (
        <InputLabel htmlFor={id} id={inputLabelId} {...labelProps}>
          {label}
        </InputLabel>
      )}
      <OutlinedInput
        aria-describedby={helperTextId}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        defaultValue={defaultValue}
        fullWidth={fullWidth}
        multiline={multiline}
        name={name}
        rows={rows}
        maxRows={maxRows}
        minRows={minRows}
        type={type}
        value={value}
        id={id}
        inputRef={inputRef}
        onBlur={onBlur}
        onChange={onChange}
        onFocus={onFocus}
        placeholder={placeholder}
        inputProps={slotProps.htmlInput}
        label={label}
        // As TextField does: a label forced to shrink leaves its gap in the outline from the start.
        {...(labelProps?.shrink !== undefined && { notched: labelProps.shrink })}
        {...slotProps.input}
      />
      {helperText && (
        <FormHelperText id={helperTextId} {...slotProps.formHelperText}>
          {helperText}
        </FormHelperText>
      )}
    </FormControl>
  );
});
