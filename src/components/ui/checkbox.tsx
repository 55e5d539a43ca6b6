import { Checkbox as AriaCheckbox, type CheckboxProps as AriaCheckboxProps } from 'react-aria-components';

type CheckboxProps = Omit<AriaCheckboxProps, 'className' | 'children'> & { label: string };

export function Checkbox({ label, ...props }: CheckboxProps) {
  return (
    <AriaCheckbox {...props} className="checkbox">
      <span className="checkbox-box" aria-hidden="true">
        <svg viewBox="0 0 18 18">
          <polyline points="2 9 7 14 16 4" />
        </svg>
      </span>
      {label}
    </AriaCheckbox>
  );
}
