import type { ReactNode } from 'react';

type CardProps = { title: string; headingLevel?: 2 | 3; children: ReactNode; actions?: ReactNode };

export function Card({ title, headingLevel = 2, children, actions }: CardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section className="card" aria-label={title}>
      <header className="card-header">
        <Heading className="card-title">{title}</Heading>
        {actions}
      </header>
      <div className="card-body">{children}</div>
    </section>
  );
}
