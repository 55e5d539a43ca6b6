import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { overrideAnswers } from '@mocks/override-answers';
import { MapsListScreen } from './maps-list-screen';

const meta = {
  title: 'Panels/Map admin/Maps list',
  component: MapsListScreen,
} satisfies Meta<typeof MapsListScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Normal: Story = {
  play: async ({ canvasElement }) => {
    const screen = within(canvasElement);
    await expect(await screen.findByRole('link', { name: /^Demo town/ })).toBeVisible();
    await expect(screen.getByRole('link', { name: 'Empty map' })).toBeVisible();
    // The admin may create maps.
    await expect(screen.getByRole('link', { name: 'Create map' })).toBeVisible();
  },
};

export const Empty: Story = {
  parameters: { msw: { handlers: overrideAnswers('listMaps:empty') } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('No maps found.')).toBeVisible();
  },
};

export const Error: Story = {
  parameters: { msw: { handlers: overrideAnswers('listMaps:500') } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(
      'This could not be loaded. Please try again later.',
    );
  },
};

/** A plain user sees the same list without the way to create a map. */
export const AsUser: Story = {
  parameters: { signedInAs: 'user' },
  play: async ({ canvasElement }) => {
    const screen = within(canvasElement);
    await expect(await screen.findByRole('link', { name: /^Demo town/ })).toBeVisible();
    await expect(screen.queryByRole('link', { name: 'Create map' })).toBeNull();
  },
};
