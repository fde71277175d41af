import {
  Checkbox,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel } from '@mui/material';
import { Controller, type FieldValues, type Path } from 'react-hook-form';
import { TextInput, type TextInputProps } from '../../../components/text-input';
import { NativeSelectField } from '../../../components/text-input/NativeSelectField';
import { fieldError, textFieldProps, type AnyForm } from '../../../lib/form';

type Form<T extends FieldValues> = AnyForm<T>;

export interface Option {
  value: string;
  label: string;
}

/** A text input bound to the form; its error clears as soon as it is edited. */
export function FormTextField<T extends FieldValues>({ form, name, ...props }: { form: Form<T>; name: Path<T> } & TextInputProps) {
  return <TextInput fullWidth {...props} {...textFieldProps(form, name)} />;
}

/** A select bound to the form: the browser's own, in MUI's outlined field. */
export function SelectField<T extends FieldValues>({ form, name, label, options, required }: {
  form: Form<T>;
  name: Path<T>;
  label: string;
  options: readonly Option[];
  required?: boolean;
}) {
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <NativeSelectField
          placeholder
          fullWidth
          id={String(name)}
          label={label}
          required={required}
          name={field.name}
          value={field.value ?? ''}
          inputRef={field.ref}
          onBlur={field.onBlur}
          onChange={(event) => {
            form.clearErrors(name);
            field.onChange(event.target.value);
          }}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>{option.label}</option>
          ))}
        </NativeSelectField>
      )}
    />
  );
}

export function CheckboxField<T extends FieldValues>({ form, name, label }: { form: Form<T>; name: Path<T>; label: React.ReactNode }) {
  const error = fieldError(form, name);
  const errorId = `${String(name)}-error`;
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <FormControl error={Boolean(error)}>
          <FormControlLabel
            label={label}
            control={
              <Checkbox
                name={field.name}
                checked={Boolean(field.value)}
                onBlur={field.onBlur}
                onChange={(event) => {
                  form.clearErrors(name);
                  field.onChange(event.target.checked);
                }}
                slotProps={{ input: { id: String(name), ref: field.ref, 'aria-describedby': error ? errorId : undefined } }}
              />
            }
          />
          {error && <FormHelperText id={errorId}>{error}</FormHelperText>}
        </FormControl>
      )}
    />
  );
}

/** A multi-select as a group of checkboxes, holding an array of values. */
export function CheckboxGroupField<T extends FieldValues>({ form, name, label, options }: {
  form: Form<T>;
  name: Path<T>;
  label: string;
  options: readonly Option[];
}) {
  const error = fieldError(form, name);
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => {
        const selected: string[] = Array.isArray(field.value) ? field.value : [];
        const toggle = (value: string, checked: boolean) => {
          form.clearErrors(name);
          field.onChange(checked ? [...selected, value] : selected.filter((v) => v !== value));
        };
        return (
          <FormControl component="fieldset" error={Boolean(error)} required>
            <FormLabel component="legend">{label}</FormLabel>
            <FormGroup row>
              {options.map((option) => (
                <FormControlLabel
                  key={option.value}
                  label={option.label}
                  sx={{ minWidth: 150 }}
                  control={
                    <Checkbox
                      name={field.name}
                      value={option.value}
                      checked={selected.includes(option.value)}
                      onChange={(event) => toggle(option.value, event.target.checked)}
                    />
                  }
                />
              ))}
            </FormGroup>
            {error && <FormHelperText>{error}</FormHelperText>}
          </FormControl>
        );
      }}
    />
  );
}
