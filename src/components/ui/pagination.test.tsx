import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../testing/render';
import { Pagination } from './pagination';

const meta = { current_page: 3, last_page: 10, per_page: 15, total: 150, from: 31, to: 45 };

describe('Pagination', () => {
  it('is hidden when everything fits on one page', () => {
    renderWithProviders(
      <Pagination
        data={{ meta: { ...meta, current_page: 1, last_page: 1, total: 15 } }}
        onPageChange={vi.fn()}
      />,
    );
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
  });

  it('reads the fields under meta and moves to the chosen page', async () => {
    const onPageChange = vi.fn();
    const { user } = renderWithProviders(
      <Pagination data={{ meta, links: {} }} onPageChange={onPageChange} />,
    );
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(nav).getByRole('button', { name: 'Page 3' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('button', { name: 'Page 10' })).toBeInTheDocument();
    expect(within(nav).queryByRole('button', { name: 'Page 7' })).not.toBeInTheDocument();
    expect(nav).toHaveTextContent('31–45 of 150');
    await user.click(within(nav).getByRole('button', { name: 'Next page' }));
    await user.click(within(nav).getByRole('button', { name: 'Page 10' }));
    expect(onPageChange.mock.calls).toEqual([[4], [10]]);
  });

  it('reads flat fields too and applies size and alignment', () => {
    renderWithProviders(
      <Pagination data={{ ...meta, current_page: 1 }} onPageChange={vi.fn()} size="small" align="right" />,
    );
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    expect(nav).toHaveClass('pagination-small', 'pagination-right');
    expect(within(nav).getByRole('button', { name: 'Previous page' })).toBeDisabled();
  });
});
