import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MOCK_USER } from '@mocks/accounts';
import { db } from '@mocks/db';
import { accessDb, FIELD_CREW_GROUP_ID, groupMembers } from '@mocks/maps-access-store';
import { renderApp } from '@/testing/render';

// The first render loads the screen's lazy chunk; this machine's shared CPUs make that slow.
const SLOW = { timeout: 20_000 };
describe('groups under the users administration', { timeout: 120_000 }, () => {
  it('lists the groups with their member counts, reached from the users list', async () => {
    const { user } = await renderApp('/users', { as: 'admin' });
    await user.click(await screen.findByRole('link', { name: 'Groups' }, SLOW));
    const table = await screen.findByRole('table', { name: 'Groups' }, SLOW);
    const row = within(table).getByRole('row', { name: /Field crew/ });
    expect(row).toHaveTextContent('Contractors who repair pipes.');
    expect(within(row).getAllByRole('cell')[1]).toHaveTextContent('0');
  });

  it('makes a group, then sets its members', async () => {
    const { user, router } = await renderApp('/users/groups/create', { as: 'admin' });
    const form = await screen.findByRole('form', { name: 'New group' }, SLOW);
    await user.type(within(form).getByLabelText(/^Name/), 'Night shift');
    await user.type(within(form).getByLabelText('Description'), 'Out-of-hours repairs');
    await user.click(within(form).getByRole('button', { name: 'New group' }));

    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/users\/groups\/\d+\/edit$/), SLOW);
    const made = accessDb.groups.find((group) => group.name === 'Night shift');
    expect(router.state.location.pathname).toBe(`/users/groups/${made?.id}/edit`);
    expect(made?.description).toBe('Out-of-hours repairs');

    const members = await screen.findByRole('form', { name: 'Members' }, SLOW);
    expect(within(members).getByText('No members yet.')).toBeInTheDocument();
    await user.selectOptions(
      await within(members).findByLabelText('Add a member', {}, SLOW),
      String(MOCK_USER.id),
    );
    await user.click(within(members).getByRole('button', { name: 'Add' }));
    await user.click(within(members).getByRole('button', { name: 'Save members' }));
    expect(await screen.findByText('Members saved', {}, SLOW)).toBeInTheDocument();
    expect(groupMembers(made?.id ?? 0)).toEqual([MOCK_USER.id]);
  });

  it('shows the 422 on the name of a group that exists already', async () => {
    const { user } = await renderApp('/users/groups/create', { as: 'admin' });
    const form = await screen.findByRole('form', { name: 'New group' }, SLOW);
    await user.type(within(form).getByLabelText(/^Name/), 'field crew');
    await user.click(within(form).getByRole('button', { name: 'New group' }));
    expect(await within(form).findByText('The name has already been taken.', {}, SLOW)).toBeInTheDocument();
    expect(accessDb.groups).toHaveLength(1);
  });

  it('shows the 422 on a member whose account went away meanwhile, keeping the list as edited', async () => {
    const { user } = await renderApp(`/users/groups/${FIELD_CREW_GROUP_ID}/edit`, { as: 'admin' });
    const members = await screen.findByRole('form', { name: 'Members' }, SLOW);
    await user.selectOptions(
      await within(members).findByLabelText('Add a member', {}, SLOW),
      String(MOCK_USER.id),
    );
    await user.click(within(members).getByRole('button', { name: 'Add' }));
    db.user.delete({ where: { id: { equals: MOCK_USER.id } } });
    await user.click(within(members).getByRole('button', { name: 'Save members' }));
    expect(await within(members).findByRole('alert', {}, SLOW)).toHaveTextContent(
      'The selected user does not exist.',
    );
    expect(within(members).getByRole('list', { name: 'Members of the group' })).toHaveTextContent(
      MOCK_USER.name,
    );
    expect(groupMembers(FIELD_CREW_GROUP_ID)).toEqual([]);
  });

  it('renames a group and deletes it', async () => {
    const { user } = await renderApp(`/users/groups/${FIELD_CREW_GROUP_ID}/edit`, { as: 'admin' });
    const form = await screen.findByRole('form', { name: 'Edit group' }, SLOW);
    const name = within(form).getByLabelText(/^Name/);
    await user.clear(name);
    await user.type(name, 'Repair crew');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    const table = await screen.findByRole('table', { name: 'Groups' }, SLOW);
    expect(await within(table).findByText('Repair crew', {}, SLOW)).toBeInTheDocument();

    await user.click(within(table).getByRole('button', { name: 'Delete Repair crew' }));
    const dialog = await screen.findByRole('alertdialog', {}, SLOW);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('No groups yet.', {}, SLOW)).toBeInTheDocument();
  });
});
