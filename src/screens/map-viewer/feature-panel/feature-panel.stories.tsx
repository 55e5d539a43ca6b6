import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { useListLayerFeatures } from '@generated/api/features/features';
import type { Layer, MapDetail } from '@generated/model';
import { overrideAnswers } from '@mocks/override-answers';
import { TOWN_MAP_ID, TownMap, townMap, TownViewer, vectorLayers } from '@workshop/town-map';
import { FeaturePanel } from './feature-panel';

type PanelArgs = {
  onClose: () => void;
  readOnly?: boolean;
};

/** The panel of the first feature of the town's first layer of features, as a click on it opens it. */
function FirstFeature({ map, layer, args }: { map: MapDetail; layer: Layer; args: PanelArgs }) {
  const page = useListLayerFeatures(TOWN_MAP_ID, layer.id, { page: 1 });
  const feature = page.data?.data[0];
  if (!feature) return null;
  return (
    <TownViewer map={map} goToFeature={fn()}>
      <FeaturePanel
        layer={layer}
        feature={{
          layerId: layer.id,
          featureId: feature.id,
          properties: feature.properties,
          geometry: feature.geometry,
        }}
        onClose={args.onClose}
        onSaved={fn()}
        onEditGeometry={null}
        onDeleted={fn()}
        readOnly={args.readOnly}
      />
    </TownViewer>
  );
}

/** The map viewer's feature panel: a feature's properties, its edit button, files, relatives and history. */
const meta = {
  title: 'Panels/Map viewer/Feature',
  args: { onClose: fn() },
  render: (args) => (
    <TownMap>
      {(map) => {
        const [layer] = vectorLayers(map);
        return layer ? <FirstFeature map={map} layer={layer} args={args} /> : null;
      }}
    </TownMap>
  ),
} satisfies Meta<PanelArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The layer the panel shows a feature of, and the panel once its heading is there. */
async function openedPanel(canvasElement: HTMLElement) {
  const [layer] = vectorLayers(await townMap());
  if (!layer) throw new TypeError('the town has no layer of features');
  const canvas = within(canvasElement);
  await canvas.findByRole('heading', { name: new RegExp(`^${layer.name} #\\d+$`) });
  return { layer, canvas };
}

export const Normal: Story = {
  play: async ({ canvasElement, args }) => {
    const { layer, canvas } = await openedPanel(canvasElement);
    // Every property of the schema is named, in the schema's order.
    const terms = [...canvasElement.querySelectorAll('.feature-properties dt')].map(
      (term) => term.textContent,
    );
    await expect(terms).toEqual(layer.properties.map((property) => property.label));
    await expect(canvas.getByRole('button', { name: 'Edit' })).toBeVisible();
    await expect(canvas.getByRole('heading', { name: 'History' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Close feature details' }));
    await expect(args.onClose).toHaveBeenCalledTimes(1);
  },
};

export const Viewer: Story = {
  parameters: { signedInAs: 'user' },
  play: async ({ canvasElement }) => {
    const { canvas } = await openedPanel(canvasElement);
    // A plain user reads the feature and its history but is offered no change.
    await expect(await canvas.findByRole('heading', { name: 'History' })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Edit' })).toBeNull();
  },
};

export const AsItWas: Story = {
  args: { readOnly: true },
  play: async ({ canvasElement }) => {
    const { canvas } = await openedPanel(canvasElement);
    // Showing the map as it was: an admin is offered no change either.
    await expect(canvas.queryByRole('button', { name: 'Edit' })).toBeNull();
  },
};

export const HistoryError: Story = {
  parameters: { msw: { handlers: overrideAnswers('getFeatureHistory:503') } },
  play: async ({ canvasElement }) => {
    const { canvas } = await openedPanel(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'This could not be loaded. Please try again later.',
    );
    // The properties are still there to read.
    await expect(canvasElement.querySelectorAll('.feature-properties dt').length).toBeGreaterThan(0);
  },
};
