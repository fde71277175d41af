import { Box, FormHelperText, Slider, Typography } from '@mui/material';
import { Controller, type FieldValues, type Path } from 'react-hook-form';
import { fieldError, type AnyForm } from '../../../lib/form';

/**
 * A slider with a visible label and its current value. Not in fields.tsx: only the pre-check form has one,
 * and MUI's Slider would otherwise load with the long application form too.
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
          <Slider
            id={String(name)}
            value={Number(field.value)}
            min={min}
            max={max}
            step={step}
            marks={[{ value: min, label: `${min}${unit}` }, { value: max, label: `${max}${unit}` }]}
            valueLabelDisplay="auto"
            onChange={(_event, value) => {
              form.clearErrors(name);
              field.onChange(value);
            }}
            slotProps={{ input: { name: field.name, 'aria-labelledby': labelId } }}
            sx={{ mx: 1, width: 'calc(100% - 16px)' }}
          />
          {error && <FormHelperText error>{error}</FormHelperText>}
        </Box>
      )}
    />
  );
}
