import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { EmptyState, LoadError, Loading } from './status';

/** The three states every list and screen shows before (or instead of) its data. */
const meta = {
  title: 'UI/Status',
  component: Loading,
} satisfies Meta<typeof Loading>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Pending: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Loading');
  },
};

export const Failed: Story = {
  render: () => <LoadError />,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent(
      'This could not be loaded. Please try again later.',
    );
  },
};

export const Empty: Story = {
  render: () => <EmptyState message="No maps yet." />,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('No maps yet.')).toBeVisible();
  },
};
