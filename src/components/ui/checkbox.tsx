import type { ReactNode } from 'react';
import { Checkbox as AriaCheckbox, type CheckboxProps as AriaCheckboxProps } from 'react-aria-components';

type CheckboxProps = Omit<AriaCheckboxProps, 'className' | 'children'> & {
  label: string;
  /** Drawn between the box and the label (a layer's legend swatch). */
  adornment?: ReactNode;
  className?: string;
};

export function Checkbox({ label, adornment, className, ...props }: CheckboxProps) {
  return (
    <AriaCheckbox {...props} className={['checkbox', className].filter(Boolean).join(' ')}>
      <span className="checkbox-box" aria-hidden="true">
        <svg viewBox="0 0 18 18">
          <polyline points="2 9 7 14 16 4" />
        </svg>
      </span>
      {adornment}
      {label}
    </AriaCheckbox>
  );
}
