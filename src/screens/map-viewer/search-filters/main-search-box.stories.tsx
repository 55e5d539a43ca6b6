import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { listLayerFeatures } from '@generated/api/features/features';
import type { Feature } from '@generated/model';
import { overrideAnswers } from '@mocks/override-answers';
import { TOWN_MAP_ID, TownMap, townMap } from '@workshop/town-map';
import { MainSearchBox } from './main-search-box';

type BoxArgs = { onPick: (feature: Feature) => void };

/** The map viewer's search box: the map's main searches, each over one layer's chosen properties. */
const meta = {
  title: 'Panels/Map viewer/Search',
  args: { onPick: fn() },
  render: (args) => (
    <TownMap>
      {(map) => <MainSearchBox mapId={TOWN_MAP_ID} entries={map.main_searches} onPick={args.onPick} />}
    </TownMap>
  ),
} satisfies Meta<BoxArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The first search of the box (by its order), and what its first feature shows: a text that finds it. */
async function searchable(): Promise<{ label: string; text: string; feature: Feature }> {
  const [entry] = [...(await townMap()).main_searches].sort((a, b) => a.order - b.order);
  if (!entry) throw new TypeError('the town has no main search');
  const [feature] = (await listLayerFeatures(TOWN_MAP_ID, entry.layer_id, { page: 1 })).data;
  if (!feature) throw new TypeError('the searched layer has no features');
  return { label: entry.label, text: String(feature.properties[entry.display_field]), feature };
}

async function typeIn(canvasElement: HTMLElement, text: string): Promise<void> {
  const { label } = await searchable();
  await userEvent.type(await within(canvasElement).findByLabelText(`Search ${label}`), text);
}

export const Normal: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const { text, feature } = await searchable();
    await typeIn(canvasElement, text);
    const results = await canvas.findByRole('list', { name: 'Search results' });
    await userEvent.click(within(results).getAllByRole('button', { name: text })[0] as HTMLElement);
    await expect(args.onPick).toHaveBeenCalledWith(expect.objectContaining({ layer_id: feature.layer_id }));
  },
};

export const NothingFound: Story = {
  parameters: { msw: { handlers: overrideAnswers('searchMainFeatures:empty') } },
  play: async ({ canvasElement }) => {
    await typeIn(canvasElement, 'zz-nothing');
    await expect(await within(canvasElement).findByText('Nothing found.')).toBeVisible();
  },
};

export const Error: Story = {
  parameters: { msw: { handlers: overrideAnswers('searchMainFeatures:503') } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await typeIn(canvasElement, 'hydrant');
    await expect(await canvas.findByRole('alert')).toHaveTextContent('The search could not be run.');
    await expect(canvas.queryByText('Nothing found.')).toBeNull();
  },
};
