import type { ReactNode } from 'react';
import { LinkButton } from '../ui/link-button';

type RowLinkProps = {
  to: string;
  /** The action with the row's name ("Edit Alice"): the short text alone is ambiguous in a column of them. */
  label: string;
  children: ReactNode;
};

/** A row's link action in an admin list (open, manage, edit): a secondary button-styled link. */
export function RowLink({ to, label, children }: RowLinkProps) {
  return (
    <LinkButton variant="secondary" to={to} aria-label={label}>
      {children}
    </LinkButton>
  );
}
