import type { ReactNode } from 'react';

/** A page of one column under its title: the create and edit forms, the profile. */
export function NarrowPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="page page-narrow">
      <header className="page-header">
        <h1>{title}</h1>
      </header>
      {children}
    </div>
  );
}
