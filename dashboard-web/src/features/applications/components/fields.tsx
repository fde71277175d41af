import { Controller, type FieldValues, type Path } from 'react-hook-form';
import { TextInput, type TextInputProps } from '../../../components/text-input';
import { NativeSelectField } from '../../../components/text-input/NativeSelectField';
import { textFieldProps, type AnyForm } from '../../../lib/form';

type Form<T extends FieldValues> = AnyForm<T>;

export interface Option {
  value: string;
  label: string;
}

/** Characters of a label that fit a full-width field at 320 px, the narrowest screen a form must work on. */
const LONG_LABEL = 30;

/**
 * A text input bound to the form; its error clears as soon as it is edited, and shows in place of any hint.
 * A label longer than a phone's field would be cut off inside it; sitting small on the outline it reads whole.
 */
export function FormTextField<T extends FieldValues>({ form, name, ...props }: { form: Form<T>; name: Path<T> } & TextInputProps) {
  const bound = textFieldProps(form, name);
  const long = typeof props.label === 'string' && props.label.length > LONG_LABEL;
  return (
    <TextInput
      fullWidth
      {...(long && { slotProps: { inputLabel: { shrink: true } } })}
      {...props}
      {...bound}
      helperText={bound.helperText ?? props.helperText}
    />
  );
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
