import { useState, type ButtonHTMLAttributes } from 'react';
import type { ButtonVariant } from './button';

type PlainButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'disabled'> & {
  variant?: ButtonVariant;
  isDisabled?: boolean;
  /** Waiting for the answer: the button stays focusable but does nothing, and cannot submit. */
  isPending?: boolean;
};

/**
 * Button's look and pending behaviour without react-aria, for the sign-in screens
 * (docs/architecture.md#first-load). The same data attributes as Button drive the styles.
 */
export function PlainButton({
  variant = 'primary',
  className,
  isDisabled,
  isPending,
  type = 'button',
  onClick,
  ...props
}: PlainButtonProps) {
  const [hovered, setHovered] = useState(false);
  return (
    <button
      {...props}
      // A pending submit button is a plain button, so Enter in a field cannot submit the form twice.
      type={isPending && type === 'submit' ? 'button' : type}
      disabled={isDisabled}
      aria-disabled={isPending || undefined}
      onClick={isPending ? undefined : onClick}
      onPointerEnter={(event) => setHovered(event.pointerType === 'mouse')}
      onPointerLeave={() => setHovered(false)}
      data-hovered={(hovered && !isDisabled && !isPending) || undefined}
      data-disabled={isDisabled || undefined}
      data-pending={isPending || undefined}
      className={['btn', `btn-${variant}`, className].filter(Boolean).join(' ')}
    />
  );
}
