import type { ReactNode } from 'react';

/** A message about the whole form (a refused link, a closed registration), read out when it shows. */
export function FormAlert({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="form-failure">
      {children}
    </p>
  );
}
