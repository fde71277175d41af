import { Box, FormHelperText, Typography } from '@mui/material';
import { Controller, type FieldValues, type Path } from 'react-hook-form';
import { fieldError, type AnyForm } from '../../../lib/form';

/**
 * A slider with a visible label and its current value: the browser's range input in the theme's colour, its
 * ends marked below. Not MUI's Slider, which is about 5.5 KiB of gzipped JavaScript on the pre-check page.
 */
export function SliderField<T extends FieldValues>({ form, name, label, min, max, step, unit = '%' }: {
  form: AnyForm<T>;
  name: Path<T>;
  label: string;
  min: number;
  max: number;
  step: number;
  unit?: string;
}) {
  const labelId = `${String(name)}-label`;
  const error = fieldError(form, name);
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <Box>
          <Typography id={labelId} component="label" htmlFor={String(name)} sx={{ display: 'block', mb: 1 }}>
            {label}: <strong>{field.value}{unit}</strong>
          </Typography>
          <Box
            component="input"
            type="range"
            id={String(name)}
            name={field.name}
            ref={field.ref}
            value={Number(field.value)}
            min={min}
            max={max}
            step={step}
            aria-labelledby={labelId}
            aria-valuetext={`${String(field.value)}${unit}`}
            onBlur={field.onBlur}
            onChange={(event: React.ChangeEvent<HTMLInputElement>) => {
              form.clearErrors(name);
              field.onChange(Number(event.target.value));
            }}
            sx={{ display: 'block', width: '100%', m: 0, accentColor: (theme) => theme.palette.primary.main, cursor: 'pointer' }}
          />
          <Box aria-hidden sx={{ display: 'flex', justifyContent: 'space-between', color: 'text.secondary', typography: 'body2' }}>
            <span>{min}{unit}</span>
            <span>{max}{unit}</span>
          </Box>
          {error && <FormHelperText error>{error}</FormHelperText>}
        </Box>
      )}
    />
  );
}
