import type { ComponentProps } from 'react';
import { Select } from './select';

type EnumSelectProps<T extends string> = Omit<
  ComponentProps<typeof Select>,
  'options' | 'value' | 'onChange'
> & {
  /** Every value the field may take, in the order listed (an enum's `Object.values`). */
  values: readonly T[];
  /** What the list shows for one value (its translation). */
  optionLabel: (value: T) => string;
  value: T;
  /** Called only with one of `values`: a cleared or unknown pick keeps the value as it was. */
  onChange: (value: T) => void;
};

/** A Select over a fixed set of values (a type, a mode, a rule), typed as that set. */
export function EnumSelect<T extends string>({
  values,
  optionLabel,
  onChange,
  ...select
}: EnumSelectProps<T>) {
  return (
    <Select
      {...select}
      options={values.map((id) => ({ id, label: optionLabel(id) }))}
      onChange={(picked) => {
        const next = values.find((known) => known === picked);
        if (next) onChange(next);
      }}
    />
  );
}
