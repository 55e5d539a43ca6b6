import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import type { Feature } from '@generated/model';
import { overrideAnswers } from '@mocks/override-answers';
import { TOWN_MAP_ID, TownMap, townMap, vectorLayers } from '@workshop/town-map';
import { FeatureTable } from './feature-table';

type TableArgs = {
  onShowOnMap: (feature: Feature) => void;
  onShowSelectionOnMap: (features: Feature[]) => void;
};

/** The feature table of the town's first layer of features, as the viewer and the table page show it. */
const meta = {
  title: 'Panels/Feature table',
  args: { onShowOnMap: fn(), onShowSelectionOnMap: fn() },
  render: (args) => (
    <TownMap>
      {(map) => {
        const [layer] = vectorLayers(map);
        return layer ? (
          <FeatureTable
            mapId={TOWN_MAP_ID}
            layer={layer}
            onShowOnMap={args.onShowOnMap}
            onShowSelectionOnMap={args.onShowSelectionOnMap}
          />
        ) : null;
      }}
    </TownMap>
  ),
} satisfies Meta<TableArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The table's first row once loaded (rows are drawn as they scroll into view). */
async function firstRow(canvasElement: HTMLElement): Promise<HTMLElement> {
  let row: HTMLElement | null = null;
  await waitFor(() => {
    row = canvasElement.querySelector<HTMLElement>('[role="row"][aria-rowindex="2"]');
    expect(row?.querySelector('input[type="checkbox"]')).toBeTruthy();
  });
  return row as unknown as HTMLElement;
}

export const Normal: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const [layer] = vectorLayers(await townMap());
    if (!layer) throw new TypeError('the town has no layer of features');
    await expect(await canvas.findByRole('table', { name: `Features of ${layer.name}` })).toBeVisible();
    await expect(await canvas.findByText(/^Features: [1-9]/)).toBeVisible();
    // Each column of the layer's schema has its header.
    for (const property of layer.properties.slice(0, 3))
      await expect(
        canvas.getByRole('columnheader', { name: new RegExp(escaped(property.label ?? property.name)) }),
      ).toBeVisible();
    const row = await firstRow(canvasElement);
    const id = Number(row.querySelector('.cell-id')?.textContent);
    await userEvent.click(within(row).getByRole('checkbox', { name: `Select feature ${id}` }));
    await expect(canvas.getByText(/selected: 1/)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Zoom to selected (1)' }));
    await expect(args.onShowSelectionOnMap).toHaveBeenCalledWith([expect.objectContaining({ id })]);
    await userEvent.click(canvas.getByRole('button', { name: new RegExp(`^Show on map\\s*${id}$`) }));
    await expect(args.onShowOnMap).toHaveBeenCalledWith(expect.objectContaining({ id }));
  },
};

export const Empty: Story = {
  parameters: { msw: { handlers: overrideAnswers('listLayerFeatures:empty') } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Features: 0')).toBeVisible();
    await expect(canvasElement.querySelector('[role="row"][aria-rowindex="2"]')).toBeNull();
  },
};

export const Error: Story = {
  parameters: { msw: { handlers: overrideAnswers('listLayerFeatures:503') } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(
      'This could not be loaded. Please try again later.',
    );
  },
};
