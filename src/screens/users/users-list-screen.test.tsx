import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { MOCK_USER } from '@mocks/accounts';
import { db } from '@mocks/db';
import { renderApp } from '../../testing/render';
import { server } from '../../testing/server';

/**
 * Names in the table body, in screen order. The grid is found as a user finds it (by role and
 * name, and visible); its row headers are then read without testing-library checking each one's
 * visibility again. That check computes the style of the header and of its ancestors from jsdom's
 * default stylesheet, afresh after every DOM change: a tenth to a third of a second for a page of
 * users on a busy machine, and `waitFor` repeats it on each change it sees, so the checking alone
 * kept the screen's own work (the debounced request, the render of its answer) waiting past
 * testing-library's default second.
 */
function shownNames(): string[] {
  const table = screen.getByRole('grid', { name: 'Users' });
  return within(table)
    .getAllByRole('rowheader', { hidden: true })
    .map((cell) => cell.textContent ?? '');
}

function seededNames(order: (a: { name: string; created_at: string; id: number }, b: typeof a) => number) {
  return db.user
    .getAll()
    .sort(order)
    .map((user) => user.name);
}

const newestFirst = (a: { created_at: string; id: number }, b: { created_at: string; id: number }) =>
  b.created_at.localeCompare(a.created_at) || b.id - a.id;

describe('users list', () => {
  it('shows loading, then the newest users first with pagination', async () => {
    const { user } = await renderApp('/users', { as: 'admin' });
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    await screen.findByRole('grid', { name: 'Users' });
    const expected = seededNames(newestFirst);
    expect(shownNames()).toEqual(expected.slice(0, 15));

    const pages = screen.getByRole('navigation', { name: 'Pagination' });
    await user.click(within(pages).getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(shownNames()).toEqual(expected.slice(15, 30)));
    expect(within(pages).getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  });

  it('sorts by a column when its header is pressed', async () => {
    const { user } = await renderApp('/users', { as: 'admin' });
    await screen.findByRole('grid', { name: 'Users' });
    await user.click(screen.getByRole('columnheader', { name: /Name/ }));
    const byName = seededNames((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
    await waitFor(() => expect(shownNames()).toEqual(byName.slice(0, 15)));
  });

  it('searches name or email', async () => {
    const { user } = await renderApp('/users', { as: 'admin' });
    await screen.findByRole('grid', { name: 'Users' });
    await user.click(screen.getByRole('searchbox', { name: 'Search name or email' }));
    await user.paste(MOCK_USER.email);
    await waitFor(() => expect(shownNames()).toEqual([MOCK_USER.name]));
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
  });

  it('says when nobody matches', async () => {
    const { user } = await renderApp('/users', { as: 'admin' });
    await screen.findByRole('grid', { name: 'Users' });
    await user.click(screen.getByRole('searchbox', { name: 'Search by name' }));
    await user.paste('nobody-has-this-name');
    expect(await screen.findByText('No users found.')).toBeInTheDocument();
  });

  it('says when the list could not be loaded', async () => {
    server.use(
      http.get('*/api/users', () => HttpResponse.json({ message: 'Server Error' }, { status: 500 })),
    );
    await renderApp('/users', { as: 'admin' });
    expect(await screen.findByRole('alert')).toHaveTextContent('This could not be loaded.');
  });

  it('deletes a user after confirmation, reloads and says so', async () => {
    const { user, router } = await renderApp('/users?page=1', { as: 'admin' });
    await user.click(await screen.findByRole('searchbox', { name: 'Search name or email' }));
    await user.paste(MOCK_USER.email);
    await waitFor(() => expect(shownNames()).toEqual([MOCK_USER.name]));

    await user.click(screen.getByRole('button', { name: `Delete ${MOCK_USER.name}` }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByRole('heading', { name: 'Are you sure?' })).toBeInTheDocument();
    expect(dialog).toHaveTextContent("You won't be able to revert this action!");
    await user.click(within(dialog).getByRole('button', { name: 'Yes, delete it!' }));

    expect(await screen.findByText('User deleted successfully')).toBeInTheDocument();
    expect(await screen.findByText('No users found.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/users');
  });

  it('keeps the user when the confirmation is cancelled', async () => {
    const { user } = await renderApp('/users', { as: 'admin' });
    await user.click(await screen.findByRole('searchbox', { name: 'Search name or email' }));
    await user.paste(MOCK_USER.email);
    await waitFor(() => expect(shownNames()).toEqual([MOCK_USER.name]));
    await user.click(screen.getByRole('button', { name: `Delete ${MOCK_USER.name}` }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(shownNames()).toEqual([MOCK_USER.name]);
  });

  it('says so when deleting fails', async () => {
    server.use(
      http.delete('*/api/users/:id', () => HttpResponse.json({ message: 'Server Error' }, { status: 500 })),
    );
    const { user } = await renderApp('/users', { as: 'admin' });
    await user.click(await screen.findByRole('searchbox', { name: 'Search name or email' }));
    await user.paste(MOCK_USER.email);
    await waitFor(() => expect(shownNames()).toEqual([MOCK_USER.name]));
    await user.click(screen.getByRole('button', { name: `Delete ${MOCK_USER.name}` }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Yes, delete it!' }),
    );
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    expect(shownNames()).toEqual([MOCK_USER.name]);
  });

  it('hides user administration from users who may not read users', async () => {
    await renderApp('/', { as: 'user' });
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: /Profile/ })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Users' })).not.toBeInTheDocument();
  });
});
