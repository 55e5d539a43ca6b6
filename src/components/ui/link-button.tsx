import { Link, type LinkProps } from 'react-router';
import type { ButtonVariant } from './button';

type LinkButtonProps = LinkProps & { variant?: ButtonVariant };

/** A router link that looks like a button (e.g. "Create user"); it stays a link for assistive tech. */
export function LinkButton({ variant = 'primary', className, ...props }: LinkButtonProps) {
  return <Link {...props} className={['btn', `btn-${variant}`, className].filter(Boolean).join(' ')} />;
}
