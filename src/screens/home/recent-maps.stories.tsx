import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { overrideAnswers } from '@mocks/override-answers';
import { RecentMaps } from './recent-maps';

const meta = {
  title: 'Panels/Home/Recent maps',
  component: RecentMaps,
} satisfies Meta<typeof RecentMaps>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Normal: Story = {
  play: async ({ canvasElement }) => {
    const card = within(canvasElement);
    await expect(await card.findByRole('link', { name: /^Demo town/ })).toBeVisible();
  },
};

export const Empty: Story = {
  parameters: { msw: { handlers: overrideAnswers('listMaps:empty') } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('No maps yet.')).toBeVisible();
  },
};

export const Error: Story = {
  parameters: { msw: { handlers: overrideAnswers('listMaps:503') } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(
      'This could not be loaded. Please try again later.',
    );
  },
};
