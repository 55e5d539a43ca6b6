import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { MapAccessInput } from '@generated/model';
import { accessDb, FIELD_CREW_GROUP_ID } from '@mocks/maps-access-store';
import { MOCK_USER } from '@mocks/accounts';
import { addUser } from '@mocks/db';
import { refreshSession } from '@/lib/session';
import { renderApp } from '@/testing/render';
import { server } from '@/testing/server';

async function openAccess() {
  const app = await renderApp('/dashboard/maps/1/access', { as: 'admin' });
  await screen.findByRole('heading', { name: 'Who can see and change this map', level: 2 }, SLOW);
  const form = await screen.findByRole('form', { name: 'Map access' }, SLOW);
  return { ...app, form };
}

async function pick(
  user: Awaited<ReturnType<typeof openAccess>>['user'],
  form: HTMLElement,
  text: string,
  option: string | RegExp,
) {
  const input = within(form).getByRole('combobox', { name: 'Add a person or group' });
  await user.clear(input);
  await user.type(input, text);
  await user.click(await screen.findByRole('option', { name: option }, SLOW));
}

/**
 * A site of 150 more accounts; answers its first. Lists show the newest accounts first, so the
 * first resident is on no first page but that of a search for them: one for a first letter,
 * which a busy machine's debounce can send, does not list them.
 */
function addResidents() {
  const [first, ...rest] = Array.from({ length: 150 }, (_, index) =>
    addUser({
      name: `Resident ${index + 1}`,
      email: `resident${index + 1}@example.com`,
      password: 'x',
      type: 'user',
    }),
  );
  if (!first || rest.length === 0) throw new Error('no residents');
  return first;
}

// The first render loads the screen's lazy chunk; this machine's shared CPUs make that slow.
const SLOW = { timeout: 20_000 };
describe('map access screen', { timeout: 120_000 }, () => {
  it('shows the map open to signed-in accounts and gives a person and a group a role', async () => {
    const { user, form } = await openAccess();
    expect(within(form).getByLabelText('Who can open this map')).toHaveValue('signed_in');
    expect(within(form).getByText('Nobody has been given access yet.')).toBeInTheDocument();

    await user.selectOptions(within(form).getByLabelText('Who can open this map'), 'private');
    await pick(user, form, MOCK_USER.email, `${MOCK_USER.name} (${MOCK_USER.email})`);
    await user.selectOptions(
      within(form).getByLabelText(`Role of ${MOCK_USER.name} (${MOCK_USER.email})`),
      'editor',
    );
    await pick(user, form, 'Field', /Field crew/);
    await user.click(within(form).getByRole('button', { name: 'Save access' }));

    expect(await screen.findByText('Access saved', {}, SLOW)).toBeInTheDocument();
    expect(accessDb.maps.get(1)).toMatchObject({
      visibility: 'private',
      grants: [
        { user_id: MOCK_USER.id, group_id: null, role: 'editor' },
        { user_id: null, group_id: FIELD_CREW_GROUP_ID, role: 'viewer' },
      ],
    });
    // The saved answer names the grants; the log lists the change.
    const grants = within(form).getByRole('list', { name: 'People and groups with access' });
    expect(within(grants).getByText(MOCK_USER.name)).toBeInTheDocument();
    expect(within(grants).getByText('Field crew')).toBeInTheDocument();
    const log = await screen.findByRole('table', { name: 'Access changes' }, SLOW);
    expect(await within(log).findByText('Ada Admin', {}, SLOW)).toBeInTheDocument();
    expect(within(log).getByText(/Changed general access, people and groups/)).toBeInTheDocument();
  });

  it('closes the list when a person is chosen and leaves the field empty and focused for the next', async () => {
    const { user, form } = await openAccess();
    const input = within(form).getByRole('combobox', { name: 'Add a person or group' });
    await user.type(input, MOCK_USER.email);
    await user.click(
      await screen.findByRole('option', { name: `${MOCK_USER.name} (${MOCK_USER.email})` }, SLOW),
    );
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(input).toHaveFocus();
    expect(input).toHaveValue('');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    const grants = within(form).getByRole('list', { name: 'People and groups with access' });
    expect(within(grants).getByText(`${MOCK_USER.name} (${MOCK_USER.email})`)).toBeInTheDocument();
    // Typing again opens it again.
    await user.type(input, 'Field');
    expect(await screen.findByRole('option', { name: /Field crew/ }, SLOW)).toBeInTheDocument();
  });

  it('opens for a manager who is not an admin, without asking for the lists only admins may read', async () => {
    const { router, queryClient } = await renderApp('/', { as: 'user' });
    // Made the map's manager after signing in (signing in reseeds the mock's tables).
    accessDb.maps.set(1, {
      visibility: 'private',
      grants: [{ user_id: MOCK_USER.id, group_id: null, role: 'manager' }],
      layer_rules: [
        {
          layer_id: 1,
          user_id: null,
          group_id: FIELD_CREW_GROUP_ID,
          access: 'read',
          hidden_properties: [],
          read_only_properties: [],
        },
      ],
    });
    await act(() => refreshSession(queryClient));
    const asked: string[] = [];
    server.events.on('request:start', ({ request }) => asked.push(new URL(request.url).pathname));
    await act(() => router.navigate('/dashboard/maps/1/access'));
    const form = await screen.findByRole('form', { name: 'Map access' }, SLOW);
    const grants = within(form).getByRole('list', { name: 'People and groups with access' });
    expect(within(grants).getByText(MOCK_USER.name)).toBeInTheDocument();
    // A rule names its group as the server does, though a manager may not list the groups.
    expect(within(form).getByRole('combobox', { name: 'Who rule 1 applies to' })).toHaveValue('Field crew');
    expect(asked).not.toContain('/api/users');
    expect(asked).not.toContain('/api/groups');
    server.events.removeAllListeners();
  });

  it('lets a manager who is not an admin find a new person and a group by part of their name and grant them', async () => {
    const { user, router, queryClient } = await renderApp('/', { as: 'user' });
    // Made the map's manager after signing in (signing in reseeds the mock's tables).
    accessDb.maps.set(1, {
      visibility: 'private',
      grants: [{ user_id: MOCK_USER.id, group_id: null, role: 'manager' }],
      layer_rules: [],
    });
    const grace = addUser({
      name: 'Grace Hopper',
      email: 'grace.hopper@example.com',
      password: 'x',
      type: 'user',
    });
    await act(() => refreshSession(queryClient));
    const asked: string[] = [];
    server.events.on('request:start', ({ request }) => {
      const url = new URL(request.url);
      asked.push(`${url.pathname}${url.search}`);
    });
    await act(() => router.navigate('/dashboard/maps/1/access'));
    const form = await screen.findByRole('form', { name: 'Map access' }, SLOW);
    const input = within(form).getByRole('combobox', { name: 'Add a person or group' });
    await user.type(input, 'H');
    expect(
      await screen.findByText('Type at least 2 characters to find people and groups.', {}, SLOW),
    ).toBeInTheDocument();
    await user.type(input, 'opp');
    await user.click(
      await screen.findByRole('option', { name: 'Grace Hopper (grace.hopper@example.com)' }, SLOW),
    );
    const grants = within(form).getByRole('list', { name: 'People and groups with access' });
    expect(within(grants).getByText('Grace Hopper (grace.hopper@example.com)')).toBeInTheDocument();
    expect(within(grants).getByText(MOCK_USER.name)).toBeInTheDocument();
    await user.type(input, 'crew');
    await user.click(await screen.findByRole('option', { name: 'Group: Field crew' }, SLOW));
    expect(within(grants).getByText('Group: Field crew')).toBeInTheDocument();

    await user.click(within(form).getByRole('button', { name: 'Save access' }));
    expect(await screen.findByText('Access saved', {}, SLOW)).toBeInTheDocument();
    expect(accessDb.maps.get(1)?.grants).toEqual([
      { user_id: MOCK_USER.id, group_id: null, role: 'manager' },
      { user_id: grace.id, group_id: null, role: 'viewer' },
      { user_id: null, group_id: FIELD_CREW_GROUP_ID, role: 'viewer' },
    ]);
    // Asked through the map's own lookup, never the lists only admins may read.
    expect(asked).toContain('/api/maps/1/access/candidates?q=Hopp');
    expect(asked.some((url) => url.startsWith('/api/users') || url.startsWith('/api/groups'))).toBe(false);
    server.events.removeAllListeners();
  });

  it('finds a person beyond the first page by searching on the server, and grants them', async () => {
    const searched: string[] = [];
    server.events.on('request:start', ({ request }) => {
      const url = new URL(request.url);
      if (url.pathname === '/api/users') searched.push(url.searchParams.get('search_global') ?? '');
    });
    const { user, form } = await openAccess();
    const first = addResidents();
    await pick(user, form, 'resident1@', 'Resident 1 (resident1@example.com)');
    await user.click(within(form).getByRole('button', { name: 'Save access' }));
    expect(await screen.findByText('Access saved', {}, SLOW)).toBeInTheDocument();
    expect(searched).toContain('resident1@');
    expect(accessDb.maps.get(1)?.grants).toEqual([{ user_id: first.id, group_id: null, role: 'viewer' }]);
    server.events.removeAllListeners();
  });

  it('adds a layer rule hiding a property', async () => {
    const { user, form } = await openAccess();
    await user.click(within(form).getByRole('button', { name: 'Add a layer rule' }));
    await user.selectOptions(within(form).getByLabelText('Layer of rule 1'), '1');
    const hidden = within(form).getByRole('group', { name: 'Hidden properties (rule 1)' });
    await user.click(within(hidden).getByRole('checkbox', { name: 'Material' }));
    await user.click(within(form).getByRole('button', { name: 'Save access' }));
    expect(await screen.findByText('Access saved', {}, SLOW)).toBeInTheDocument();
    expect(accessDb.maps.get(1)?.layer_rules).toEqual([
      {
        layer_id: 1,
        user_id: null,
        group_id: null,
        access: 'read',
        hidden_properties: ['material'],
        read_only_properties: [],
      },
    ]);
  });

  it('finds anyone of a large site for a layer rule by searching on the server', async () => {
    const { user, form } = await openAccess();
    const first = addResidents();
    await user.click(within(form).getByRole('button', { name: 'Add a layer rule' }));
    const who = within(form).getByRole('combobox', { name: 'Who rule 1 applies to' });
    expect(who).toHaveValue('Everyone on this map');
    await user.clear(who);
    await user.type(who, 'resident1@');
    await user.click(await screen.findByRole('option', { name: 'Resident 1 (resident1@example.com)' }, SLOW));
    expect(who).toHaveValue('Resident 1 (resident1@example.com)');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    await user.selectOptions(within(form).getByLabelText('Access of rule 1'), 'hidden');
    await user.click(within(form).getByRole('button', { name: 'Save access' }));
    expect(await screen.findByText('Access saved', {}, SLOW)).toBeInTheDocument();
    expect(accessDb.maps.get(1)?.layer_rules).toEqual([
      expect.objectContaining({ user_id: first.id, group_id: null, access: 'hidden' }),
    ]);
    // Once saved, the field names the account as the server does.
    expect(within(form).getByRole('combobox', { name: 'Who rule 1 applies to' })).toHaveValue('Resident 1');
  });

  it("shows the server's 422 message on the row it names", async () => {
    let sent: MapAccessInput | undefined;
    server.use(
      http.put('*/api/maps/1/access', async ({ request }) => {
        sent = (await request.json()) as MapAccessInput;
        return HttpResponse.json(
          {
            message: 'The given data was invalid.',
            errors: { 'grants.0.user_id': ['The selected user does not exist.'] },
          },
          { status: 422 },
        );
      }),
    );
    const { user, form } = await openAccess();
    await pick(user, form, MOCK_USER.email, `${MOCK_USER.name} (${MOCK_USER.email})`);
    await user.click(within(form).getByRole('button', { name: 'Save access' }));
    const grants = within(form).getByRole('list', { name: 'People and groups with access' });
    const row = within(grants).getByText(`${MOCK_USER.name} (${MOCK_USER.email})`).closest('li');
    if (!row) throw new Error('no grant row');
    expect(await within(row).findByRole('alert', {}, SLOW)).toHaveTextContent(
      'The selected user does not exist.',
    );
    expect(sent?.grants).toEqual([{ user_id: MOCK_USER.id, group_id: null, role: 'viewer' }]);
    expect(screen.queryByText('Access saved')).not.toBeInTheDocument();
  });

  it('makes a share link shown once with its embed code, and revokes it', async () => {
    const { user } = await openAccess();
    const linkForm = screen.getByRole('form', { name: 'New share link' });
    await user.type(within(linkForm).getByLabelText('Label'), 'Contractor survey');
    await user.click(within(linkForm).getByRole('button', { name: 'Create link' }));

    const made = await screen.findByRole('region', { name: 'New share link' }, SLOW);
    // The form is ready for another link.
    expect(within(linkForm).getByLabelText('Label')).toHaveValue('');
    const url = within(made).getByLabelText('Link');
    expect((url as HTMLInputElement).value).toMatch(/\/s\/mock0001x+$/);
    const embed = within(made).getByLabelText('Embed code');
    expect((embed as HTMLTextAreaElement).value).toContain('<iframe src="');
    expect((embed as HTMLTextAreaElement).value).toContain('/embed/1?share=mock0001');
    await user.click(within(made).getByRole('button', { name: 'Copy Link' }));
    expect(await within(made).findByText('Copied.', {}, SLOW)).toBeInTheDocument();
    await expect(navigator.clipboard.readText()).resolves.toMatch(/\/s\/mock0001x+$/);

    const links = await screen.findByRole('list', { name: 'Share links' }, SLOW);
    expect(within(links).getByText('Contractor survey')).toBeInTheDocument();
    await user.click(within(links).getByRole('button', { name: 'Revoke Contractor survey' }));
    await user.click(await screen.findByRole('button', { name: 'Yes, delete it!' }, SLOW));
    expect(await screen.findByText('No share links.', {}, SLOW)).toBeInTheDocument();
    await waitFor(() => expect(accessDb.links).toEqual([]), SLOW);
    // The one-time view goes with the link.
    expect(screen.queryByRole('region', { name: 'New share link' })).not.toBeInTheDocument();
  });

  it("shows a 422 on the share link's expiry under that field", async () => {
    server.use(
      http.post('*/api/maps/1/share-links', () =>
        HttpResponse.json(
          {
            message: 'The given data was invalid.',
            errors: { expires_at: ['The expiry must be in the future.'] },
          },
          { status: 422 },
        ),
      ),
    );
    const { user } = await openAccess();
    const linkForm = screen.getByRole('form', { name: 'New share link' });
    await user.click(within(linkForm).getByRole('button', { name: 'Create link' }));
    expect(
      await within(linkForm).findByText('The expiry must be in the future.', {}, SLOW),
    ).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'New share link' })).not.toBeInTheDocument();
  });
});
