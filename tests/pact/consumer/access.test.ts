import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import {
  createShareLink,
  deleteShareLink,
  getMapAccess,
  listAccessCandidates,
  listMapAccessLog,
  listShareLinks,
  updateMapAccess,
} from '@generated/api/access/access';
import {
  createGroup,
  deleteGroup,
  getGroup,
  listGroups,
  setGroupMembers,
  updateGroup,
} from '@generated/api/groups/groups';
import { getMap } from '@generated/api/maps/maps';
import { STATES } from '../states';
import { PIPES, TOWN } from './map-examples';
import { mapLike, stateOf } from './map-matchers';
import {
  createPact,
  isoTimestamp,
  JSON_RESPONSE,
  messageLike,
  rejectionOf,
  signedInHeaders,
  validationLike,
  XHR,
} from './pact';

const { arrayContaining, eachLike, equal, integer, like, nullValue, regex } = MatchersV3;
const pact = createPact();
const options = (url: string) => ({ baseURL: url, headers: signedInHeaders });
const readHeaders = { ...XHR, Cookie: signedInHeaders.Cookie };

const GRACE = { id: 42, name: 'Grace Hopper', email: 'grace@example.com', type: 'user' as const };
const CREW = { id: 3, name: 'Field crew', description: 'Contractors who repair pipes.' };
/** Found by part of her email, as the crew by its name. */
const ADA = { id: 43, name: 'Ada Lovelace', email: 'ada.fieldwork@example.com', type: 'user' as const };
const LINK = { map_id: TOWN.id, id: 4, label: 'Contractor survey' };

const groupLike = (membersCount: number) => ({
  id: integer(CREW.id),
  name: like(CREW.name),
  description: like(CREW.description),
  members_count: equal(membersCount),
  created_at: isoTimestamp(),
  updated_at: isoTimestamp(),
});

const shareLinkLike = {
  id: integer(LINK.id),
  label: like(LINK.label),
  role: equal('viewer'),
  expires_at: nullValue(),
  created_at: isoTimestamp(),
};

describe('groups', () => {
  it('listGroups 200 lists every group with its member count', () =>
    pact
      .addInteraction()
      .given(STATES.adminSignedIn)
      .given(STATES.groupExists, stateOf(CREW))
      .uponReceiving('a list of the groups')
      .withRequest('GET', '/api/groups', (b) => b.headers(readHeaders))
      .willRespondWith(200, (b) => {
        // The list holds the state's group with its description; other groups (a server's own,
        // or ones earlier interactions made) may carry a null description, so only this one is pinned.
        return b
          .headers(JSON_RESPONSE)
          .jsonBody({ data: arrayContaining({ ...groupLike(0), members_count: integer(0) }) });
      })
      .executeTest(async (server) => {
        const list = await listGroups(options(server.url));
        expect(list.data[0]).toMatchObject({ members_count: 0 });
      }));

  it('listGroups 403 for an account that is not an admin', () =>
    pact
      .addInteraction()
      .given(STATES.userSignedIn)
      .uponReceiving('a list of the groups by a plain user')
      .withRequest('GET', '/api/groups', (b) => b.headers(readHeaders))
      .willRespondWith(403, (b) =>
        b.headers(JSON_RESPONSE).jsonBody(messageLike('This action is unauthorized.')),
      )
      .executeTest(async (server) => {
        expect((await rejectionOf(listGroups(options(server.url)))).status).toBe(403);
      }));

  it('createGroup 201 makes an empty group', () => {
    const body = { name: 'Night shift', description: null };
    return pact
      .addInteraction()
      .given(STATES.adminSignedIn)
      .uponReceiving('a group creation')
      .withRequest('POST', '/api/groups', (b) => b.headers(signedInHeaders).jsonBody(body))
      .willRespondWith(201, (b) =>
        b.headers(JSON_RESPONSE).jsonBody({
          data: {
            ...groupLike(0),
            name: like(body.name),
            description: nullValue(),
            members: [],
          },
        }),
      )
      .executeTest(async (server) => {
        const made = await createGroup(body, options(server.url));
        expect(made.data).toMatchObject({ members_count: 0, members: [] });
      });
  });

  it('createGroup 422 without a name', () =>
    pact
      .addInteraction()
      .given(STATES.adminSignedIn)
      .uponReceiving('a group creation with an empty name')
      .withRequest('POST', '/api/groups', (b) => b.headers(signedInHeaders).jsonBody({ name: '' }))
      .willRespondWith(422, (b) =>
        b
          .headers(JSON_RESPONSE)
          .jsonBody(validationLike({ name: 'The name field must be at least 1 characters.' })),
      )
      .executeTest(async (server) => {
        expect((await rejectionOf(createGroup({ name: '' }, options(server.url)))).status).toBe(422);
      }));

  it('getGroup 200 with its members', () =>
    pact
      .addInteraction()
      .given(STATES.adminSignedIn)
      .given(STATES.userExists, GRACE)
      .given(STATES.groupExists, stateOf({ ...CREW, member_ids: [GRACE.id] }))
      .uponReceiving('a request for one group')
      .withRequest('GET', `/api/groups/${CREW.id}`, (b) => b.headers(readHeaders))
      .willRespondWith(200, (b) =>
        b.headers(JSON_RESPONSE).jsonBody({
          data: {
            ...groupLike(1),
            members: eachLike({ id: integer(GRACE.id), name: like(GRACE.name), email: like(GRACE.email) }),
          },
        }),
      )
      .executeTest(async (server) => {
        const group = await getGroup(CREW.id, options(server.url));
        expect(group.data.members).toHaveLength(1);
      }));

  it('getGroup 404 for an unknown group', () =>
    pact
      .addInteraction()
      .given(STATES.adminSignedIn)
      .uponReceiving('a request for a group that does not exist')
      .withRequest('GET', '/api/groups/999', (b) => b.headers(readHeaders))
      .willRespondWith(404, (b) => b.headers(JSON_RESPONSE).jsonBody(messageLike('Not found.')))
      .executeTest(async (server) => {
        expect((await rejectionOf(getGroup(999, options(server.url)))).status).toBe(404);
      }));

  it('updateGroup 200 renames a group', () => {
    const body = { name: 'Field crew (north)', description: null };
    return pact
      .addInteraction()
      .given(STATES.adminSignedIn)
      .given(STATES.groupExists, stateOf(CREW))
      .uponReceiving('a group rename')
      .withRequest('PUT', `/api/groups/${CREW.id}`, (b) => b.headers(signedInHeaders).jsonBody(body))
      .willRespondWith(200, (b) =>
        b.headers(JSON_RESPONSE).jsonBody({
          data: { ...groupLike(0), name: equal(body.name), description: nullValue(), members: [] },
        }),
      )
      .executeTest(async (server) => {
        expect((await updateGroup(CREW.id, body, options(server.url))).data.name).toBe(body.name);
      });
  });

  it('updateGroup 404 for an unknown group', () =>
    pact
      .addInteraction()
      .given(STATES.adminSignedIn)
      .uponReceiving('a rename of a group that does not exist')
      .withRequest('PUT', '/api/groups/999', (b) => b.headers(signedInHeaders).jsonBody({ name: 'Nobody' }))
      .willRespondWith(404, (b) => b.headers(JSON_RESPONSE).jsonBody(messageLike('Not found.')))
      .executeTest(async (server) => {
        expect((await rejectionOf(updateGroup(999, { name: 'Nobody' }, options(server.url)))).status).toBe(
          404,
        );
      }));

  it('deleteGroup 204', () =>
    pact
      .addInteraction()
      .given(STATES.adminSignedIn)
      .given(STATES.groupExists, stateOf(CREW))
      .uponReceiving('a group deletion')
      .withRequest('DELETE', `/api/groups/${CREW.id}`, (b) => b.headers(signedInHeaders))
      .willRespondWith(204)
      .executeTest(async (server) => {
        await expect(deleteGroup(CREW.id, options(server.url))).resolves.toBe('');
      }));

  it('deleteGroup 404 for an unknown group', () =>
    pact
      .addInteraction()
      .given(STATES.adminSignedIn)
      .uponReceiving('a deletion of a group that does not exist')
      .withRequest('DELETE', '/api/groups/999', (b) => b.headers(signedInHeaders))
      .willRespondWith(404, (b) => b.headers(JSON_RESPONSE).jsonBody(messageLike('Not found.')))
      .executeTest(async (server) => {
        expect((await rejectionOf(deleteGroup(999, options(server.url)))).status).toBe(404);
      }));

  it('setGroupMembers 200 replaces the members', () =>
    pact
      .addInteraction()
      .given(STATES.adminSignedIn)
      .given(STATES.userExists, GRACE)
      .given(STATES.groupExists, stateOf(CREW))
      .uponReceiving('a change of a group’s members')
      .withRequest('PUT', `/api/groups/${CREW.id}/members`, (b) =>
        b.headers(signedInHeaders).jsonBody({ user_ids: [GRACE.id] }),
      )
      .willRespondWith(200, (b) =>
        b.headers(JSON_RESPONSE).jsonBody({
          data: {
            ...groupLike(1),
            members: eachLike({ id: integer(GRACE.id), name: like(GRACE.name), email: like(GRACE.email) }),
          },
        }),
      )
      .executeTest(async (server) => {
        const group = await setGroupMembers(CREW.id, { user_ids: [GRACE.id] }, options(server.url));
        expect(group.data.members_count).toBe(1);
      }));

  it('setGroupMembers 422 names an unknown user', () =>
    pact
      .addInteraction()
      .given(STATES.adminSignedIn)
      .given(STATES.groupExists, stateOf(CREW))
      .uponReceiving('a change of a group’s members to an unknown user')
      .withRequest('PUT', `/api/groups/${CREW.id}/members`, (b) =>
        b.headers(signedInHeaders).jsonBody({ user_ids: [999999] }),
      )
      .willRespondWith(422, (b) =>
        b.headers(JSON_RESPONSE).jsonBody(validationLike({ 'user_ids.0': 'No such user.' })),
      )
      .executeTest(async (server) => {
        const failure = await rejectionOf(
          setGroupMembers(CREW.id, { user_ids: [999999] }, options(server.url)),
        );
        expect(failure.status).toBe(422);
      }));

  it('setGroupMembers 404 for an unknown group', () =>
    pact
      .addInteraction()
      .given(STATES.adminSignedIn)
      .uponReceiving('a change of the members of a group that does not exist')
      .withRequest('PUT', '/api/groups/999/members', (b) =>
        b.headers(signedInHeaders).jsonBody({ user_ids: [] }),
      )
      .willRespondWith(404, (b) => b.headers(JSON_RESPONSE).jsonBody(messageLike('Not found.')))
      .executeTest(async (server) => {
        expect((await rejectionOf(setGroupMembers(999, { user_ids: [] }, options(server.url)))).status).toBe(
          404,
        );
      }));
});

describe('access per map', () => {
  it('getMapAccess 200 answers visibility, grants and layer rules', () =>
    pact
      .addInteraction()
      .given(STATES.adminSignedIn)
      .given(STATES.mapExists, stateOf(TOWN))
      .uponReceiving('a request for a map’s access')
      .withRequest('GET', `/api/maps/${TOWN.id}/access`, (b) => b.headers(readHeaders))
      .willRespondWith(200, (b) =>
        b.headers(JSON_RESPONSE).jsonBody({
          data: { visibility: equal('signed_in'), grants: [], layer_rules: [] },
        }),
      )
      .executeTest(async (server) => {
        expect((await getMapAccess(TOWN.id, options(server.url))).data.visibility).toBe('signed_in');
      }));

  it('getMapAccess 403 for a viewer of the map', () =>
    pact
      .addInteraction()
      .given(STATES.userSignedIn)
      .given(STATES.mapExists, stateOf(TOWN))
      .uponReceiving('a request for a map’s access by one who only reads the map')
      .withRequest('GET', `/api/maps/${TOWN.id}/access`, (b) => b.headers(readHeaders))
      .willRespondWith(403, (b) =>
        b.headers(JSON_RESPONSE).jsonBody(messageLike('This action is unauthorized.')),
      )
      .executeTest(async (server) => {
        expect((await rejectionOf(getMapAccess(TOWN.id, options(server.url)))).status).toBe(403);
      }));

  it('getMapAccess 404 for an unknown map', () =>
    pact
      .addInteraction()
      .given(STATES.adminSignedIn)
      .uponReceiving('a request for the access of a map that does not exist')
      .withRequest('GET', '/api/maps/999/access', (b) => b.headers(readHeaders))
      .willRespondWith(404, (b) => b.headers(JSON_RESPONSE).jsonBody(messageLike('Not found.')))
      .executeTest(async (server) => {
        expect((await rejectionOf(getMapAccess(999, options(server.url)))).status).toBe(404);
      }));

  it('updateMapAccess 200 makes a map private to a user, who does not see one layer', () => {
    const body = {
      visibility: 'private' as const,
      grants: [{ user_id: GRACE.id, role: 'viewer' as const }],
      layer_rules: [{ layer_id: PIPES.id, user_id: GRACE.id, access: 'hidden' as const }],
    };
    return pact
      .addInteraction()
      .given(STATES.adminSignedIn)
      .given(STATES.userExists, GRACE)
      .given(STATES.mapExists, stateOf(TOWN))
      .given(STATES.layerExists, stateOf(PIPES))
      .uponReceiving('a change of a map’s access')
      .withRequest('PUT', `/api/maps/${TOWN.id}/access`, (b) => b.headers(signedInHeaders).jsonBody(body))
      .willRespondWith(200, (b) =>
        b.headers(JSON_RESPONSE).jsonBody({
          data: {
            visibility: equal('private'),
            grants: eachLike({
              user_id: integer(GRACE.id),
              group_id: nullValue(),
              role: equal('viewer'),
              name: like(GRACE.name),
            }),
            layer_rules: eachLike({
              layer_id: integer(PIPES.id),
              user_id: integer(GRACE.id),
              group_id: nullValue(),
              access: equal('hidden'),
              hidden_properties: [],
              read_only_properties: [],
              name: like(GRACE.name),
            }),
          },
        }),
      )
      .executeTest(async (server) => {
        const access = await updateMapAccess(TOWN.id, body, options(server.url));
        expect(access.data.grants[0]).toMatchObject({ role: 'viewer', name: GRACE.name });
        expect(access.data.layer_rules[0]).toMatchObject({ access: 'hidden', name: GRACE.name });
      });
  });

  it('updateMapAccess 422 for a grant that names nobody', () => {
    const body = { grants: [{ role: 'viewer' as const }] };
    return pact
      .addInteraction()
      .given(STATES.adminSignedIn)
      .given(STATES.mapExists, stateOf(TOWN))
      .uponReceiving('a change of a map’s access with a grant to nobody')
      .withRequest('PUT', `/api/maps/${TOWN.id}/access`, (b) => b.headers(signedInHeaders).jsonBody(body))
      .willRespondWith(422, (b) =>
        b
          .headers(JSON_RESPONSE)
          .jsonBody(validationLike({ 'grants.0.user_id': 'Give either a user or a group.' })),
      )
      .executeTest(async (server) => {
        expect((await rejectionOf(updateMapAccess(TOWN.id, body, options(server.url)))).status).toBe(422);
      });
  });

  it('updateMapAccess 404 for an unknown map', () =>
    pact
      .addInteraction()
      .given(STATES.adminSignedIn)
      .uponReceiving('a change of the access of a map that does not exist')
      .withRequest('PUT', '/api/maps/999/access', (b) =>
        b.headers(signedInHeaders).jsonBody({ visibility: 'public' }),
      )
      .willRespondWith(404, (b) => b.headers(JSON_RESPONSE).jsonBody(messageLike('Not found.')))
      .executeTest(async (server) => {
        const failure = await rejectionOf(
          updateMapAccess(999, { visibility: 'public' }, options(server.url)),
        );
        expect(failure.status).toBe(404);
      }));

  it('listMapAccessLog 200 lists who changed what, newest first', () =>
    pact
      .addInteraction()
      .given(STATES.adminSignedIn)
      .given(STATES.mapExists, stateOf(TOWN))
      .given(STATES.shareLinkExists, stateOf(LINK))
      .uponReceiving('a request for a map’s access log')
      .withRequest('GET', `/api/maps/${TOWN.id}/access/log`, (b) => b.headers(readHeaders))
      .willRespondWith(200, (b) =>
        b.headers(JSON_RESPONSE).jsonBody({
          data: eachLike({
            id: integer(12),
            user_id: integer(1),
            user_name: like('Admin'),
            action: equal('share_link.create'),
            before: nullValue(),
            after: like({ label: LINK.label }),
            created_at: isoTimestamp(),
          }),
          links: {
            first: like(`/api/maps/${TOWN.id}/access/log?page=1`),
            last: like(`/api/maps/${TOWN.id}/access/log?page=1`),
            prev: nullValue(),
            next: nullValue(),
          },
          meta: {
            current_page: equal(1),
            from: integer(1),
            last_page: equal(1),
            path: like(`/api/maps/${TOWN.id}/access/log`),
            per_page: equal(15),
            to: integer(1),
            total: integer(1),
          },
        }),
      )
      .executeTest(async (server) => {
        const log = await listMapAccessLog(TOWN.id, undefined, options(server.url));
        expect(log.data[0]?.action).toBe('share_link.create');
      }));

  it('listMapAccessLog 404 for an unknown map', () =>
    pact
      .addInteraction()
      .given(STATES.adminSignedIn)
      .uponReceiving('a request for the access log of a map that does not exist')
      .withRequest('GET', '/api/maps/999/access/log', (b) => b.headers(readHeaders))
      .willRespondWith(404, (b) => b.headers(JSON_RESPONSE).jsonBody(messageLike('Not found.')))
      .executeTest(async (server) => {
        expect((await rejectionOf(listMapAccessLog(999, undefined, options(server.url)))).status).toBe(404);
      }));

  it('listAccessCandidates 200 finds people by part of their email and groups by name, for a manager who is no admin', () =>
    pact
      .addInteraction()
      .given(STATES.userSignedIn)
      .given(STATES.mapExists, stateOf({ ...TOWN, visibility: 'private' }))
      .given(STATES.signedInHasRole, { map_id: TOWN.id, role: 'manager' })
      .given(STATES.userExists, ADA)
      .given(STATES.groupExists, stateOf(CREW))
      .uponReceiving('a search for people and groups to grant on a map, by its manager')
      .withRequest('GET', `/api/maps/${TOWN.id}/access/candidates`, (b) =>
        b.headers(readHeaders).query({ q: 'field' }),
      )
      .willRespondWith(200, (b) =>
        // Another server may hold more people and groups with the text: at least these, by type.
        b.headers(JSON_RESPONSE).jsonBody({
          data: {
            users: eachLike({ id: integer(ADA.id), name: like(ADA.name), email: like(ADA.email) }),
            groups: eachLike({ id: integer(CREW.id), name: like(CREW.name) }),
          },
        }),
      )
      .executeTest(async (server) => {
        const found = await listAccessCandidates(TOWN.id, { q: 'field' }, options(server.url));
        expect(found.data.users[0]).toMatchObject({ name: ADA.name, email: ADA.email });
        expect(found.data.groups[0]).toMatchObject({ name: CREW.name });
      }));

  it('listAccessCandidates 403 for a viewer of the map', () =>
    pact
      .addInteraction()
      .given(STATES.userSignedIn)
      .given(STATES.mapExists, stateOf(TOWN))
      .uponReceiving('a search for people to grant on a map by one who only reads the map')
      .withRequest('GET', `/api/maps/${TOWN.id}/access/candidates`, (b) =>
        b.headers(readHeaders).query({ q: 'field' }),
      )
      .willRespondWith(403, (b) =>
        b.headers(JSON_RESPONSE).jsonBody(messageLike('This action is unauthorized.')),
      )
      .executeTest(async (server) => {
        const failure = await rejectionOf(listAccessCandidates(TOWN.id, { q: 'field' }, options(server.url)));
        expect(failure.status).toBe(403);
      }));

  it('listAccessCandidates 404 for an unknown map', () =>
    pact
      .addInteraction()
      .given(STATES.adminSignedIn)
      .uponReceiving('a search for people to grant on a map that does not exist')
      .withRequest('GET', '/api/maps/999/access/candidates', (b) =>
        b.headers(readHeaders).query({ q: 'field' }),
      )
      .willRespondWith(404, (b) => b.headers(JSON_RESPONSE).jsonBody(messageLike('Not found.')))
      .executeTest(async (server) => {
        const failure = await rejectionOf(listAccessCandidates(999, { q: 'field' }, options(server.url)));
        expect(failure.status).toBe(404);
      }));

  it('listAccessCandidates 422 for a text of one character once trimmed', () =>
    pact
      .addInteraction()
      .given(STATES.adminSignedIn)
      .given(STATES.mapExists, stateOf(TOWN))
      .uponReceiving('a search for people to grant by a single character')
      .withRequest('GET', `/api/maps/${TOWN.id}/access/candidates`, (b) =>
        b.headers(readHeaders).query({ q: ' f ' }),
      )
      .willRespondWith(422, (b) =>
        b
          .headers(JSON_RESPONSE)
          .jsonBody(validationLike({ q: 'The q field must be at least 2 characters.' })),
      )
      .executeTest(async (server) => {
        const failure = await rejectionOf(listAccessCandidates(TOWN.id, { q: ' f ' }, options(server.url)));
        expect(failure.status).toBe(422);
      }));

  it('a public map answers an anonymous client', () =>
    pact
      .addInteraction()
      .given(STATES.signedOut)
      .given(STATES.mapExists, stateOf({ ...TOWN, visibility: 'public' }))
      .uponReceiving('an anonymous request for a public map')
      .withRequest('GET', `/api/maps/${TOWN.id}`, (b) => b.headers(XHR))
      .willRespondWith(200, (b) =>
        // Made with nobody signed in, so by no one.
        b
          .headers(JSON_RESPONSE)
          .jsonBody({ data: { ...mapLike(TOWN), id: equal(TOWN.id), created_by: nullValue() } }),
      )
      .executeTest(async (server) => {
        expect((await getMap(TOWN.id, { baseURL: server.url, headers: XHR })).data.title).toBe(TOWN.title);
      }));
});

describe('share links', () => {
  it('listShareLinks 200 without their secrets', () =>
    pact
      .addInteraction()
      .given(STATES.adminSignedIn)
      .given(STATES.mapExists, stateOf(TOWN))
      .given(STATES.shareLinkExists, stateOf(LINK))
      .uponReceiving('a list of a map’s share links')
      .withRequest('GET', `/api/maps/${TOWN.id}/share-links`, (b) => b.headers(readHeaders))
      .willRespondWith(200, (b) => b.headers(JSON_RESPONSE).jsonBody({ data: eachLike(shareLinkLike) }))
      .executeTest(async (server) => {
        const list = await listShareLinks(TOWN.id, options(server.url));
        expect(list.data[0]).not.toHaveProperty('url');
      }));

  it('listShareLinks 404 for an unknown map', () =>
    pact
      .addInteraction()
      .given(STATES.adminSignedIn)
      .uponReceiving('a list of the share links of a map that does not exist')
      .withRequest('GET', '/api/maps/999/share-links', (b) => b.headers(readHeaders))
      .willRespondWith(404, (b) => b.headers(JSON_RESPONSE).jsonBody(messageLike('Not found.')))
      .executeTest(async (server) => {
        expect((await rejectionOf(listShareLinks(999, options(server.url)))).status).toBe(404);
      }));

  it('createShareLink 201 shows the link once', () => {
    const body = { label: 'Survey', role: 'viewer' as const, expires_at: '2099-01-01T00:00:00Z' };
    return pact
      .addInteraction()
      .given(STATES.adminSignedIn)
      .given(STATES.mapExists, stateOf(TOWN))
      .uponReceiving('a share link creation')
      .withRequest('POST', `/api/maps/${TOWN.id}/share-links`, (b) =>
        b.headers(signedInHeaders).jsonBody(body),
      )
      .willRespondWith(201, (b) =>
        b.headers(JSON_RESPONSE).jsonBody({
          data: {
            ...shareLinkLike,
            label: equal(body.label),
            expires_at: isoTimestamp('2099-01-01T00:00:00.000Z'),
            url: regex(
              '^(https?://[^/]+)?/s/[A-Za-z0-9_-]{32,64}$',
              '/s/Q2hhbmdlIG1lIGluIHByb2R1Y3Rpb24hISEhISEhISEhISE',
            ),
          },
        }),
      )
      .executeTest(async (server) => {
        const made = await createShareLink(TOWN.id, body, options(server.url));
        expect(made.data.url).toMatch(/\/s\//);
      });
  });

  it('createShareLink 422 for an expiry in the past', () => {
    const body = { label: 'Too late', expires_at: '2001-01-01T00:00:00Z' };
    return pact
      .addInteraction()
      .given(STATES.adminSignedIn)
      .given(STATES.mapExists, stateOf(TOWN))
      .uponReceiving('a share link creation that expires in the past')
      .withRequest('POST', `/api/maps/${TOWN.id}/share-links`, (b) =>
        b.headers(signedInHeaders).jsonBody(body),
      )
      .willRespondWith(422, (b) =>
        b
          .headers(JSON_RESPONSE)
          .jsonBody(validationLike({ expires_at: 'The expires_at field must be a date after now.' })),
      )
      .executeTest(async (server) => {
        expect((await rejectionOf(createShareLink(TOWN.id, body, options(server.url)))).status).toBe(422);
      });
  });

  it('createShareLink 404 for an unknown map', () =>
    pact
      .addInteraction()
      .given(STATES.adminSignedIn)
      .uponReceiving('a share link creation on a map that does not exist')
      .withRequest('POST', '/api/maps/999/share-links', (b) =>
        b.headers(signedInHeaders).jsonBody({ label: 'Nowhere' }),
      )
      .willRespondWith(404, (b) => b.headers(JSON_RESPONSE).jsonBody(messageLike('Not found.')))
      .executeTest(async (server) => {
        expect(
          (await rejectionOf(createShareLink(999, { label: 'Nowhere' }, options(server.url)))).status,
        ).toBe(404);
      }));

  it('deleteShareLink 204 revokes a link', () =>
    pact
      .addInteraction()
      .given(STATES.adminSignedIn)
      .given(STATES.mapExists, stateOf(TOWN))
      .given(STATES.shareLinkExists, stateOf(LINK))
      .uponReceiving('a share link revocation')
      .withRequest('DELETE', `/api/maps/${TOWN.id}/share-links/${LINK.id}`, (b) => b.headers(signedInHeaders))
      .willRespondWith(204)
      .executeTest(async (server) => {
        await expect(deleteShareLink(TOWN.id, LINK.id, options(server.url))).resolves.toBe('');
      }));

  it('deleteShareLink 404 for an unknown link', () =>
    pact
      .addInteraction()
      .given(STATES.adminSignedIn)
      .given(STATES.mapExists, stateOf(TOWN))
      .uponReceiving('a revocation of a share link that does not exist')
      .withRequest('DELETE', `/api/maps/${TOWN.id}/share-links/999`, (b) => b.headers(signedInHeaders))
      .willRespondWith(404, (b) => b.headers(JSON_RESPONSE).jsonBody(messageLike('Not found.')))
      .executeTest(async (server) => {
        expect((await rejectionOf(deleteShareLink(TOWN.id, 999, options(server.url)))).status).toBe(404);
      }));
});
