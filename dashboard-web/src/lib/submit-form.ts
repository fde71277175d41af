import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import type { FieldName, Resolver } from 'react-hook-form';

/**
 * A text-only form that validates when it is submitted, as react-hook-form's `useForm({ resolver, defaultValues,
 * reValidateMode: 'onSubmit' })` with `textFieldProps` (lib/form.ts) does, without react-hook-form's 14 KiB
 * (gzip): for a small form whose page should load little, such as the sign-in page. The same resolver
 * (`lazyZodResolver`) checks the values at each submit; the first field in error (in the order of
 * `defaultValues`) takes the focus; editing a field clears its error; `onValid` gets the resolver's values.
 * The fields are uncontrolled, as react-hook-form's registered ones are.
 */
export function useSubmitForm<Values extends Record<string, string>, Output = Values>({ defaultValues, resolver }: {
  defaultValues: Values;
  resolver: Resolver<Values, unknown, Output>;
}) {
  const values = useRef<Values>({ ...defaultValues });
  const inputs = useRef<Partial<Record<keyof Values, HTMLInputElement | null>>>({});
  const [errors, setErrors] = useState<Partial<Record<keyof Values, string>>>({});
  const names = Object.keys(defaultValues) as (keyof Values & string)[];

  const field = (name: keyof Values & string) => ({
    name,
    id: name,
    inputRef: (input: HTMLInputElement | null) => {
      inputs.current[name] = input;
    },
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      values.current = { ...values.current, [name]: event.target.value };
      if (errors[name] !== undefined) setErrors(({ [name]: _cleared, ...rest }) => rest as typeof errors);
    },
    error: errors[name] !== undefined,
    helperText: errors[name],
  });

  const handleSubmit = (onValid: (values: Output) => unknown) => async (event: FormEvent) => {
    event.preventDefault();
    const result = await resolver(values.current, undefined, { fields: {}, names: names as FieldName<Values>[], shouldUseNativeValidation: false });
    const found: Partial<Record<keyof Values, string>> = {};
    for (const name of names) {
      const message = (result.errors as Record<string, { message?: string } | undefined>)[name]?.message;
      if (message !== undefined) found[name] = message;
    }
    setErrors(found);
    const first = names.find((name) => found[name] !== undefined);
    if (first !== undefined) {
      inputs.current[first]?.focus();
      return;
    }
    await onValid(result.values as Output);
  };

  return { field, handleSubmit };
}
