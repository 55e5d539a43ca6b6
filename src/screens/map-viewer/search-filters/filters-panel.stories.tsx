import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import type { Feature, LayerFilter } from '@generated/model';
import { overrideAnswers } from '@mocks/override-answers';
import { TownMap, townMap, TownViewer } from '@workshop/town-map';
import { FiltersPanel } from './filters-panel';

type PanelArgs = {
  onResults: (matches: Feature[] | null, layersFilter: LayerFilter[] | null) => void;
  onPick: (feature: Feature) => void;
};

/** The map viewer's Filters tab: the map's saved filters as a form; applying one lists its matches. */
const meta = {
  title: 'Panels/Map viewer/Filters',
  args: { onResults: fn(), onPick: fn() },
  render: (args) => (
    <TownMap>
      {(map) => (
        <TownViewer map={map} goToFeature={args.onPick}>
          <FiltersPanel filters={map.filters} onResults={args.onResults} />
        </TownViewer>
      )}
    </TownMap>
  ),
} satisfies Meta<PanelArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

/**
 * Ticks every choice of the town's first multiple-choice filter (so every feature that has a
 * value matches) and applies it. Both towns have one.
 */
async function applyEveryChoice(canvasElement: HTMLElement): Promise<void> {
  const canvas = within(canvasElement);
  const choices = (await townMap()).filters.find((filter) => filter.type === 'multiselect');
  if (!choices) throw new TypeError('the town has no multiple-choice filter');
  const group = await canvas.findByRole('group', { name: choices.name });
  for (const box of within(group).getAllByRole('checkbox')) await userEvent.click(box);
  await userEvent.click(canvas.getByRole('button', { name: 'Apply filters' }));
}

export const Normal: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await applyEveryChoice(canvasElement);
    const matches = await canvas.findByRole('list', { name: 'Matching features' });
    // Read plainly: up to 100 rows, which role queries would walk one by one.
    const rows = [...matches.querySelectorAll('li > button')];
    await expect(rows.length).toBeGreaterThan(0);
    await expect(canvas.getByText(/^Matching features: [1-9]/)).toBeVisible();
    await expect(args.onResults).toHaveBeenCalledTimes(1);
    const [first] = rows;
    if (first) await userEvent.click(first);
    await expect(args.onPick).toHaveBeenCalledTimes(1);
    // Clearing empties the form and the list, and tells the map.
    await userEvent.click(canvas.getByRole('button', { name: 'Clear' }));
    await expect(canvas.queryByRole('list', { name: 'Matching features' })).toBeNull();
    await expect(args.onResults).toHaveBeenLastCalledWith(null, null);
  },
};

export const NothingFound: Story = {
  parameters: { msw: { handlers: overrideAnswers('filterFeatures:empty') } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await applyEveryChoice(canvasElement);
    await expect(await canvas.findByRole('status')).toHaveTextContent('Matching features: 0');
    await expect(args.onResults).toHaveBeenCalledWith([], expect.any(Array));
  },
};

export const Error: Story = {
  parameters: { msw: { handlers: overrideAnswers('filterFeatures:503') } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await applyEveryChoice(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent('The filter could not be applied.');
    await expect(args.onResults).not.toHaveBeenCalled();
    // The form keeps the choices, to try again.
    const boxes = within(canvas.getByRole('group', { name: /./ })).getAllByRole('checkbox');
    await expect(boxes.every((box) => (box as HTMLInputElement).checked)).toBe(true);
  },
};

export const NoFilters: Story = {
  parameters: { msw: { handlers: overrideAnswers('showMap:empty') } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // Once the map is there (the loading note gone), a map without saved filters has no panel.
    await waitFor(() => expect(canvas.queryByText('Loading…')).toBeNull());
    await expect(canvas.queryByRole('heading', { name: 'Filters' })).toBeNull();
  },
};
