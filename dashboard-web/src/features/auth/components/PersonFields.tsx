import { Grid } from '@mui/material';
import type { FieldValues, Path } from 'react-hook-form';
import { TextInput } from '../../../components/text-input';
import { textFieldProps, type AnyForm } from '../../../lib/form';

type Person = { firstName: string; lastName: string; email: string };

/** First name and last name side by side, then the e-mail: the start of both sign-up forms. */
export function PersonFields<T extends FieldValues & Person>({ form }: { form: AnyForm<T> }) {
  const field = (name: keyof Person) => textFieldProps(form, name as Path<T>);
  return (
    <>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextInput label="First Name" autoComplete="given-name" fullWidth required {...field('firstName')} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextInput label="Last Name" autoComplete="family-name" fullWidth required {...field('lastName')} />
        </Grid>
      </Grid>
      <TextInput label="Email" type="email" autoComplete="email" fullWidth required {...field('email')} />
    </>
  );
}
