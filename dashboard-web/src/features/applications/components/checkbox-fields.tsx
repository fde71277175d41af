import { Box, FormControl, FormHelperText, FormLabel } from '@mui/material';
import { Controller, type FieldValues, type Path } from 'react-hook-form';
import { fieldError, type AnyForm } from '../../../lib/form';
import { LabelledCheckbox } from '../../../components/checkbox';
import type { Option } from './fields';

// Not in fields.tsx: only the long application form has checkboxes.

type Form<T extends FieldValues> = AnyForm<T>;

export function CheckboxField<T extends FieldValues>({ form, name, label }: { form: Form<T>; name: Path<T>; label: React.ReactNode }) {
  const error = fieldError(form, name);
  const errorId = `${String(name)}-error`;
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <FormControl error={Boolean(error)}>
          <LabelledCheckbox
            label={label}
            id={String(name)}
            name={field.name}
            checked={Boolean(field.value)}
            ref={field.ref}
            onBlur={field.onBlur}
            onChange={(event) => {
              form.clearErrors(name);
              field.onChange(event.target.checked);
            }}
            aria-describedby={error ? errorId : undefined}
            error={Boolean(error)}
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
            <Box sx={{ display: 'flex', flexWrap: 'wrap' }}>
              {options.map((option) => (
                <LabelledCheckbox
                  key={option.value}
                  label={option.label}
                  sx={{ minWidth: 150 }}
                  name={field.name}
                  value={option.value}
                  checked={selected.includes(option.value)}
                  onChange={(event) => toggle(option.value, event.target.checked)}
                />
              ))}
            </Box>
            {error && <FormHelperText>{error}</FormHelperText>}
          </FormControl>
        );
      }}
    />
  );
}
