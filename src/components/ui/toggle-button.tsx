import {
  ToggleButton as AriaToggleButton,
  type ToggleButtonProps as AriaToggleButtonProps,
} from 'react-aria-components';

type ToggleButtonProps = Omit<AriaToggleButtonProps, 'className'> & { className?: string };

/** A button that stays pressed (aria-pressed), styled like the secondary button. */
export function ToggleButton({ className, ...props }: ToggleButtonProps) {
  return (
    <AriaToggleButton
      {...props}
      className={['btn', 'btn-secondary', 'toggle-button', className].filter(Boolean).join(' ')}
    />
  );
}
