import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getGetAbilitiesMockHandler } from '../../generated/api/auth/auth.msw';
import { getShowMapMockHandler } from '../../generated/api/maps/maps.msw';
import type { AbilityRule, AbilitySubject } from '../../generated/model';
import { townMapDetail } from '../../mocks/features-town-map';
import { recordedMap } from '../map/testing/recording-map-canvas';
import { renderApp } from '../testing/render';
import { server } from '../testing/server';

const READ_PARTS: AbilitySubject[] = ['Layer', 'Feature', 'Search', 'MainSearch', 'Filter', 'Category'];

/**
 * A viewer of map 1 (the demo town) who edits and manages map 2, with the pipes' material
 * hidden from them: the shape the server answers for grants and a layer rule.
 */
const VIEWER_OF_TOWN: AbilityRule[] = [
  { action: 'read', subject: 'Map', conditions: { id: { $in: [1, 2] } } },
  { action: 'read', subject: READ_PARTS, conditions: { map_id: { $in: [1, 2] } } },
  { action: 'export', subject: 'Feature', conditions: { map_id: { $in: [1, 2] } } },
  { action: ['create', 'update', 'delete'], subject: 'Feature', conditions: { map_id: { $in: [2] } } },
  { action: 'update', subject: 'Map', conditions: { id: { $in: [2] } } },
  {
    action: ['read', 'export', 'update'],
    subject: 'Feature',
    fields: ['material'],
    conditions: { layer_id: 1 },
    inverted: true,
  },
];

/** An editor of the town whose pipes layer is read-only for them (a layer rule `read`). */
const EDITOR_PIPES_READ_ONLY: AbilityRule[] = [
  { action: 'read', subject: 'Map', conditions: { id: { $in: [1] } } },
  { action: 'read', subject: READ_PARTS, conditions: { map_id: { $in: [1] } } },
  { action: ['create', 'update', 'delete'], subject: 'Feature', conditions: { map_id: { $in: [1] } } },
  { action: ['create', 'update', 'delete'], subject: 'Feature', conditions: { layer_id: 1 }, inverted: true },
];

async function openTown(rules: AbilityRule[]) {
  server.use(getGetAbilitiesMockHandler(rules), getShowMapMockHandler({ data: townMapDetail() }));
  const app = await renderApp('/maps/1/show', { as: 'user' });
  await screen.findByRole('heading', { name: 'Demo town', level: 1 }, { timeout: 10_000 });
  await screen.findByTestId('map-canvas');
  return app;
}

function click(layerId: number, featureId: number, properties: Record<string, unknown>, name: string) {
  act(() => recordedMap.props?.onFeatureClick?.({ layerId, featureId, properties }));
  return screen.findByRole('complementary', { name });
}

const clickPipe3 = () =>
  click(
    1,
    3,
    { name: 'Oak Street 3', material: 'ductile_iron', diameter_mm: 150, status: 'in_service' },
    'Pipes #3',
  );

describe('what the rules allow, per map and per layer', { timeout: 30_000 }, () => {
  it('a viewer of this map sees no edit tools, even though they edit another map', async () => {
    await openTown(VIEWER_OF_TOWN);
    const panel = await clickPipe3();
    expect(within(panel).getByText('Oak Street 3')).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Edit geometry' })).not.toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Delete feature' })).not.toBeInTheDocument();
    expect(within(panel).queryByLabelText('Attach files')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Drawing' })).not.toBeInTheDocument();
  });

  it('the feature panel leaves out a property hidden from the user', async () => {
    await openTown(VIEWER_OF_TOWN);
    const panel = await clickPipe3();
    expect(within(panel).getByText('Name')).toBeInTheDocument();
    expect(within(panel).queryByText('Material')).not.toBeInTheDocument();
  });

  it('a layer made read-only offers no edits there, while another layer of the map stays editable', async () => {
    await openTown(EDITOR_PIPES_READ_ONLY);
    const pipe = await clickPipe3();
    expect(within(pipe).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(within(pipe).queryByLabelText('Attach files')).not.toBeInTheDocument();
    const valve = await click(2, 147, { type: 'gate', is_open: true }, 'Valves #147');
    expect(within(valve).getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(within(valve).getByRole('button', { name: 'Delete feature' })).toBeInTheDocument();
  });

  it('the feature table has no column for a hidden property', async () => {
    server.use(getGetAbilitiesMockHandler(VIEWER_OF_TOWN), getShowMapMockHandler({ data: townMapDetail() }));
    await renderApp('/maps/1/show/1/features', { as: 'user' });
    const table = await screen.findByRole('table', { name: 'Features of Pipes' }, { timeout: 10_000 });
    await within(table).findByRole('cell', { name: 'Oak Street 1' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toContain('Name');
    expect(headers).not.toContain('Material');
  });

  it('the maps list offers "Manage" only on the maps the user manages', async () => {
    server.use(getGetAbilitiesMockHandler(VIEWER_OF_TOWN));
    await renderApp('/dashboard/maps', { as: 'user' });
    expect(await screen.findByRole('link', { name: 'Manage Empty map' }, { timeout: 10_000 })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Open Demo town' })).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Manage Demo town' })).not.toBeInTheDocument();
  });
});
