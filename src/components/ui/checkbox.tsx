import type { ReactNode } from 'react';
import { Checkbox as AriaCheckbox, type CheckboxProps as AriaCheckboxProps } from 'react-aria-components';
import { CheckboxBox } from './checkbox-box';

type CheckboxProps = Omit<AriaCheckboxProps, 'className' | 'children'> & {
  label: string;
  /** Drawn between the box and the label (a layer's legend swatch). */
  adornment?: ReactNode;
  className?: string;
};

export function Checkbox({ label, adornment, className, ...props }: CheckboxProps) {
  return (
    <AriaCheckbox {...props} className={['checkbox', className].filter(Boolean).join(' ')}>
      <CheckboxBox />
      {adornment}
      {label}
    </AriaCheckbox>
  );
}
