import os from 'node:os';
import { loadPhases, type LoadPhases, type Target } from './api-phases.ts';
import type { LoadResult } from './load.ts';
import type { ServerProcess } from './server-process.ts';
import { Session } from './session.ts';
import { round } from './stats.ts';

/** The page and tile loads measured without and with the map's access setting. */
export const ACCESS_PHASES = ['pageDeep', 'pageNext', 'tilesZ12to14'] as const;
export type AccessPhase = (typeof ACCESS_PHASES)[number];
type PhaseResults = Record<AccessPhase, LoadResult>;

const GRANTED_USERS = 800;
const GROUPS = 200;
const LAYER_RULES = 50;
/** Rules for the reader's own groups on the bench layer; the rest name other accounts. */
const READER_RULES = 3;
const PASSWORD = 'bench-password-1234';

interface Grant {
  user_id?: number;
  group_id?: number;
  role: 'viewer' | 'editor' | 'manager';
}
interface Rule {
  layer_id: number;
  user_id?: number;
  group_id?: number;
  access: 'hidden' | 'read' | 'edit';
  hidden_properties: string[];
  read_only_properties: string[];
}

/** Who the access setting names, made once per data directory (accounts outlive a run). */
export interface AccessFixture {
  reader: { email: string; password: string };
  grants: Grant[];
  layerRules: Rule[];
}

export interface AccessRound {
  /** As the bench reads today: its admin, the map with no grants and no rules. */
  before: PhaseResults;
  /** The map with the grants and rules, read by an account that reaches it through a group. */
  after: PhaseResults;
  /** The same setting, read by the admin (who needs no access snapshot). */
  afterAdmin: PhaseResults;
  loadAverage: number[];
}

export interface AccessResults {
  n: number;
  date: string;
  machine: string;
  database: string;
  grants: { users: number; groups: number };
  layerRules: number;
  seconds: number;
  rounds: AccessRound[];
}

const loadAverage = () => os.loadavg().map((value) => round(value));

/** Runs `work` over `items` with at most `width` at once (account creation hashes a password each). */
async function inBatches<T, R>(items: T[], width: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let at = 0; at < items.length; at += width)
    results.push(...(await Promise.all(items.slice(at, at + width).map(work))));
  return results;
}

/**
 * 800 accounts granted one by one and 200 groups (of five to ten of them each) granted as
 * groups, mostly viewers, some editors, a few managers; plus the reader, a plain user in three
 * groups, one of which is a viewer of the map. 50 layer rules on the bench layer: three for the
 * reader's groups (`value` hidden, `kind` read-only), the rest for other accounts.
 */
export async function makeAccessFixture(
  admin: Session,
  target: Target,
  log: (line: string) => void,
): Promise<AccessFixture> {
  const stamp = Date.now().toString(36);
  const account = async (name: string, type: 'user' | 'editor') => {
    const email = `${name.toLowerCase().replace(/ /g, '-')}-${stamp}@atlasboard.test`;
    const made = await admin.json<{ data: { id: number } }>('POST', '/api/users', {
      name,
      email,
      password: PASSWORD,
      password_confirmation: PASSWORD,
      type,
    });
    return { id: made.data.id, email };
  };
  log(`making ${GRANTED_USERS} accounts and ${GROUPS} groups`);
  const users = await inBatches(
    Array.from({ length: GRANTED_USERS }, (_, i) => i),
    8,
    (i) => account(`Grantee ${i + 1}`, i % 5 === 0 ? 'editor' : 'user'),
  );
  const reader = await account('Bench reader', 'user');
  const groups = await inBatches(
    Array.from({ length: GROUPS }, (_, i) => i),
    8,
    async (i) => {
      const group = await admin.json<{ data: { id: number } }>('POST', '/api/groups', {
        name: `Team ${i + 1} ${stamp}`,
      });
      const members = Array.from(
        { length: 5 + (i % 6) },
        (_, k) => users[(i * 7 + k * 13) % users.length]!.id,
      );
      // The reader is in the first three groups.
      if (i < READER_RULES) members.push(reader.id);
      await admin.json('PUT', `/api/groups/${group.data.id}/members`, { user_ids: members });
      return group.data.id;
    },
  );
  const role = (i: number): Grant['role'] => (i % 20 === 0 ? 'manager' : i % 4 === 0 ? 'editor' : 'viewer');
  const grants: Grant[] = [
    ...users.map((user, i) => ({ user_id: user.id, role: role(i + 1) })),
    // The reader's first group is a viewer (the manager rotation would make it one).
    ...groups.map((id, i) => ({ group_id: id, role: i === 0 ? ('viewer' as const) : role(i + 1) })),
  ];
  const layerRules: Rule[] = Array.from({ length: LAYER_RULES }, (_, i) =>
    i < READER_RULES
      ? {
          layer_id: target.layerId,
          group_id: groups[i]!,
          access: 'read' as const,
          hidden_properties: i === 0 ? ['value'] : [],
          read_only_properties: ['kind'],
        }
      : {
          layer_id: target.layerId,
          user_id: users[(i * 11) % users.length]!.id,
          access: i % 10 === 0 ? ('hidden' as const) : ('read' as const),
          hidden_properties: i % 2 === 0 ? ['value'] : [],
          read_only_properties: ['name'],
        },
  );
  return { reader: { email: reader.email, password: PASSWORD }, grants, layerRules };
}

export async function setAccess(admin: Session, target: Target, fixture: AccessFixture | undefined) {
  await admin.json('PUT', `/api/maps/${target.mapId}/access`, {
    grants: fixture?.grants ?? [],
    layer_rules: fixture?.layerRules ?? [],
  });
}

/**
 * The page and tile loads alternated: the map as today (no grants, read by the bench's admin),
 * then with the 1,000 grants and 50 rules (read by the reader through its group, and by the
 * admin), `rounds` times, so noise from other work on the machine shows as spread between rounds.
 */
export async function accessRounds(
  admin: Session,
  server: ServerProcess,
  target: Target,
  fixture: AccessFixture,
  { seconds, rounds, log }: { seconds: number; rounds: number; log: (line: string) => void },
): Promise<AccessRound[]> {
  const reader = new Session(server.origin);
  const measure = async (session: Session, label: string) => {
    log(`${label}: page and tile loads (load average ${loadAverage().join(' ')})`);
    const load = await loadPhases(session, server, target, seconds, { only: ACCESS_PHASES, log });
    for (const name of ACCESS_PHASES) if (!load[name]) throw new Error(`${label}: ${name} is missing`);
    return load as Pick<LoadPhases, AccessPhase>;
  };
  const done: AccessRound[] = [];
  for (let round = 1; round <= rounds; round += 1) {
    await setAccess(admin, target, undefined);
    const before = await measure(admin, `round ${round}, before`);
    await setAccess(admin, target, fixture);
    // Signed in after the grants exist, as a reader opening the shared map would be.
    await reader.signIn(fixture.reader.email, fixture.reader.password);
    const page = await reader.json<{ data: { properties: Record<string, unknown> }[] }>(
      'GET',
      `/api/maps/${target.mapId}/layers/${target.layerId}/features?page=1`,
    );
    if (page.data[0] && 'value' in page.data[0].properties)
      throw new Error("the reader's layer rule did not hide `value`: the access setting is not in force");
    const after = await measure(reader, `round ${round}, after (reader through a group)`);
    const afterAdmin = await measure(admin, `round ${round}, after (admin)`);
    done.push({ before, after, afterAdmin, loadAverage: loadAverage() });
  }
  await setAccess(admin, target, undefined);
  return done;
}
