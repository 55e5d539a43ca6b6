import { screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useAggregateLayer } from '@generated/api/dashboards/dashboards';
import { useGetFeatureHistory } from '@generated/api/features/features';
import { useSearchMainFeatures } from '@generated/api/main-search/main-search';
import { applyScenario } from '@mocks/scenarios';
import { TOWN_LAYERS } from '@mocks/features-town-layers';
import { BulkEditForm } from '@/components/feature-table/bulk-edit-form';
import { useFullFeature } from './use-full-feature';
import { revisionsOfMap, useLayerRevisionsStore } from '@/stores/layer-revisions-store';
import { renderWithProviders } from '@/testing/render';
import { useFeaturesById } from '@/lib/features-by-id';

const MAP = 1;
const PIPES = TOWN_LAYERS.find((layer) => layer.name === 'Pipes');
const TOWN: [number, number, number, number] = [-180, -85, 180, 85];

/** What the viewer shows of pipe 1 and of the renamed pipes, read the ways the screens read them. */
function PipeReaders() {
  const clicked = useFullFeature(MAP, { layerId: 1, featureId: 1, clickExtent: TOWN }).data;
  const named = useFeaturesById(MAP, [1], [1]).data;
  const found = useSearchMainFeatures(MAP, { search_value: 'Quince', layer_id: 1 }, {}).data;
  const counted = useAggregateLayer(MAP, 1, {
    group_by: { property: 'status' },
    metrics: [{ op: 'count' }],
    filters: [{ property: 'name', operator: 'eq', value: 'Quince Lane' }],
  }).data;
  const history = useGetFeatureHistory(MAP, 2).data;
  return (
    <dl aria-label="Pipe readers">
      <dt>Clicked</dt>
      <dd>{String(clicked?.properties.name ?? '')}</dd>
      <dt>By id</dt>
      <dd>{String(named?.get(1)?.properties.name ?? '')}</dd>
      <dt>Search</dt>
      <dd>{found?.data.length ?? ''}</dd>
      <dt>Counted</dt>
      <dd>{counted?.data.total.count ?? ''}</dd>
      <dt>Versions of pipe 2</dt>
      <dd>{history?.data.length ?? ''}</dd>
    </dl>
  );
}

const readers = () => screen.getAllByRole('definition').map((cell) => cell.textContent);

describe('a bulk edit refreshes what a single edit refreshes', { timeout: 20_000 }, () => {
  it('the clicked feature, features named by id, the search box, the widgets and the drawing', async () => {
    if (!PIPES) throw new Error('no pipes layer');
    applyScenario('admin');
    const { user } = renderWithProviders(
      <MemoryRouter>
        <BulkEditForm mapId={MAP} layer={PIPES} featureIds={[1, 2]} onDone={() => undefined} />
        <PipeReaders />
      </MemoryRouter>,
    );
    await waitFor(() => expect(readers()).toEqual(['Oak Street 1', 'Oak Street 1', '0', '0', '0']), {
      timeout: 5000,
    });
    const form = screen.getByRole('form', { name: 'Edit the selected features' });
    await user.type(within(form).getByRole('textbox', { name: 'Name' }), 'Quince Lane');
    await user.click(within(form).getByRole('button', { name: 'Apply to selected (2)' }));
    expect(await screen.findByText('Features updated: 2', undefined, { timeout: 5000 })).toBeInTheDocument();
    await waitFor(() => expect(readers()).toEqual(['Quince Lane', 'Quince Lane', '2', '2', '1']));
    // The maps draw the layer anew.
    expect(revisionsOfMap(useLayerRevisionsStore.getState().revisions, MAP)).toEqual({ 1: 1 });
  });
});
