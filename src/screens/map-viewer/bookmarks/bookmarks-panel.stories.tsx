import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import type { Bookmark } from '@generated/model';
import { overrideAnswers } from '@mocks/override-answers';
import { BookmarksPanel } from './bookmarks-panel';

const depot: Bookmark = {
  id: 41,
  map_id: 1,
  user_id: 1,
  name: 'Depot',
  center: [-9.15, 38.72],
  zoom: 17,
  rotation: 0,
  visible_layer_ids: [],
  created_at: '2026-11-01T08:00:00Z',
};

/** The map viewer's Bookmarks tab: the caller's saved views of map 1. */
const meta = {
  title: 'Panels/Map viewer/Bookmarks',
  component: BookmarksPanel,
  args: {
    mapId: 1,
    bookmarks: [depot],
    view: { center: [-9.14, 38.72], zoom: 15, rotation: 0 },
    visibleLayerIds: [],
    onGo: fn(),
  },
} satisfies Meta<typeof BookmarksPanel>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Normal: Story = {
  play: async ({ canvasElement, args }) => {
    const list = within(canvasElement).getByRole('list', { name: 'Saved views' });
    await userEvent.click(within(list).getByRole('button', { name: 'Depot' }));
    await expect(args.onGo).toHaveBeenCalledWith(depot);
  },
};

export const Empty: Story = {
  args: { bookmarks: [] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('No bookmarks yet.')).toBeVisible();
  },
};

export const Error: Story = {
  args: { bookmarks: [] },
  parameters: { msw: { handlers: overrideAnswers('createBookmark:503') } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText('Bookmark name'), 'Pump house');
    await userEvent.click(canvas.getByRole('button', { name: 'Save view' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('The bookmark could not be saved.');
    await expect(canvas.getByText('No bookmarks yet.')).toBeVisible();
  },
};
