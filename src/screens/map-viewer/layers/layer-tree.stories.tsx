import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import type { MapDetail } from '@generated/model';
import { overrideAnswers } from '@mocks/override-answers';
import { TownMap, townMap } from '@workshop/town-map';
import type { LayerViewState } from '@/map';
import { LayerTree } from './layer-tree';

type TreeArgs = {
  onChange: (layerId: number, change: LayerViewState) => void;
  onMove: (layerId: number, direction: 'up' | 'down') => void;
  /** Whether the first layer's tiles failed to load. */
  firstFailed?: boolean;
};

/** The tree over the town's layers, keeping its own changes and order as the viewer does. */
function TownTree({ map, args }: { map: MapDetail; args: TreeArgs }) {
  const layers = map.layers ?? [];
  const [changes, setChanges] = useState<Record<number, LayerViewState>>({});
  const [order, setOrder] = useState(() => layers.map((layer) => layer.id));
  const first = layers[0];
  return (
    <LayerTree
      layers={layers}
      categories={map.categories}
      tree={{
        drawingOrder: order,
        changes,
        change: (id, change) => {
          args.onChange(id, change);
          setChanges((current) => ({ ...current, [id]: { ...current[id], ...change } }));
        },
        move: (id, direction) => {
          args.onMove(id, direction);
          setOrder((current) => {
            const at = current.indexOf(id);
            const to = direction === 'up' ? at + 1 : at - 1;
            if (to < 0 || to >= current.length) return current;
            const next = [...current];
            [next[at], next[to]] = [next[to] as number, id];
            return next;
          });
        },
      }}
      zoom={map.zoom}
      errors={args.firstFailed && first ? { [first.id]: 'tiles' } : {}}
    />
  );
}

/** The map viewer's Layers tab: the map's layers by category, with visibility, opacity and order. */
const meta = {
  title: 'Panels/Map viewer/Layers',
  args: { onChange: fn(), onMove: fn() },
  render: (args) => <TownMap>{(map) => <TownTree map={map} args={args} />}</TownMap>,
} satisfies Meta<TreeArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Normal: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const layers = (await townMap()).layers ?? [];
    await expect(layers.length).toBeGreaterThan(1);
    for (const layer of layers)
      await expect(await canvas.findByRole('checkbox', { name: layer.name })).toBeInTheDocument();
    const [bottom] = layers;
    if (!bottom) return;
    const toggle = canvas.getByRole('checkbox', { name: bottom.name });
    const wasOn = (toggle as HTMLInputElement).checked;
    await userEvent.click(toggle);
    await expect(args.onChange).toHaveBeenCalledWith(bottom.id, { visible: !wasOn });
    await expect((toggle as HTMLInputElement).checked).toBe(!wasOn);
    // The bottom layer can only go up; once up, it can go down again.
    await expect(canvas.getByRole('button', { name: `Draw ${bottom.name} lower` })).toBeDisabled();
    await userEvent.click(canvas.getByRole('button', { name: `Draw ${bottom.name} higher` }));
    await expect(args.onMove).toHaveBeenCalledWith(bottom.id, 'up');
    await expect(canvas.getByRole('button', { name: `Draw ${bottom.name} lower` })).toBeEnabled();
  },
};

export const TilesFailed: Story = {
  args: { firstFailed: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Its tiles could not be loaded.')).toBeVisible();
    await expect(canvas.getAllByText('Its tiles could not be loaded.')).toHaveLength(1);
  },
};

export const Empty: Story = {
  parameters: { msw: { handlers: overrideAnswers('showMap:empty') } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('This map has no layers yet.')).toBeVisible();
  },
};

export const Error: Story = {
  parameters: { msw: { handlers: overrideAnswers('showMap:503') } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(
      'The map could not be loaded.',
    );
  },
};
