import type { ChangeEvent } from 'react';
import type { FieldErrors, FieldValues, Path, Resolver, UseFormReturn } from 'react-hook-form';
import type { ZodType } from 'zod';
import { ApiError } from './api';

/**
 * Any react-hook-form form over values T: these helpers only register fields and read errors, so the
 * form's context and its (zod-transformed) output type do not matter to them.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyForm<T extends FieldValues> = UseFormReturn<T, any, any>;

/** The message of a field's current error, if any. */
export function fieldError<T extends FieldValues>(form: AnyForm<T>, name: Path<T>): string | undefined {
  return form.getFieldState(name, form.formState).error?.message;
}

/**
 * Props tying a MUI TextField to react-hook-form. Forms validate at submit (all fields at once);
 * editing a field clears its error right away, as the spec asks.
 */
export function textFieldProps<T extends FieldValues>(form: AnyForm<T>, name: Path<T>) {
  const { ref, onChange, ...rest } = form.register(name);
  const message = fieldError(form, name);
  return {
    ...rest,
    id: String(name),
    inputRef: ref,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      if (message) form.clearErrors(name);
      return onChange(event);
    },
    error: Boolean(message),
    helperText: message,
  };
}

/**
 * `handleSubmit`'s onInvalid, with `useForm({ shouldFocusError: false })`: react-hook-form focuses the first
 * field in error in the order the fields registered, and a page's own fields register before those of its
 * child components (PersonFields), so /register focused Password past an empty First Name. The order of
 * `defaultValues` is the form's order.
 */
export function focusFirstError<T extends FieldValues>(form: AnyForm<T>, defaultValues: T) {
  return (errors: FieldErrors<T>) => {
    const first = Object.keys(defaultValues).find((name) => name in errors);
    if (first !== undefined) form.setFocus(first as Path<T>);
  };
}

/** Shows the server's per-field validation messages (400 `errors: [{ field, message }]`) on the form. */
export function applyServerErrors<T extends FieldValues>(form: AnyForm<T>, error: unknown) {
  if (!(error instanceof ApiError)) return;
  for (const { field, message } of error.fieldErrors) {
    if (field in form.getValues()) form.setError(field as Path<T>, { type: 'server', message });
  }
}

/**
 * `zodResolver(schema)` with the schema, zod and the resolver loaded at the form's first validation (forms
 * validate at submit), not with its page: they are about half of a form page's JavaScript. The schema is
 * the one the server validates with, from `@tallyline/contracts`.
 */
export function lazyZodResolver<Values extends FieldValues, Output = Values>(loadSchema: () => Promise<ZodType<unknown, FieldValues>>): Resolver<Values, unknown, Output> {
  let loading: Promise<Resolver<Values, unknown, Output>> | undefined;
  return async (values, context, options) => {
    loading ??= Promise.all([import('@hookform/resolvers/zod'), loadSchema()]).then(
      ([{ zodResolver }, schema]) => zodResolver(schema) as unknown as Resolver<Values, unknown, Output>,
      (error: unknown) => {
        loading = undefined; // a failed download is retried at the next submit
        throw error;
      },
    );
    let resolve: Resolver<Values, unknown, Output>;
    try {
      resolve = await loading;
    } catch {
      // Not downloaded (offline, the server restarting): the server checks the same schema, so the form is
      // sent as it is, and the page shows the server's answer, or that it could not be reached.
      return { values: values as unknown as Output, errors: {} };
    }
    return resolve(values, context, options);
  };
}
