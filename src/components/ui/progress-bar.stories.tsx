import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { ProgressBar } from './progress-bar';

const meta = {
  title: 'UI/Progress bar',
  component: ProgressBar,
  args: { label: 'Writing the file…', value: 0.5 },
} satisfies Meta<typeof ProgressBar>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Half: Story = {
  play: async ({ canvasElement }) => {
    const bar = within(canvasElement).getByRole('progressbar', { name: 'Writing the file…' });
    await expect(bar).toHaveAttribute('aria-valuenow', '50');
    await expect(bar).toHaveTextContent('50%');
  },
};

/** The size of the work is not known yet. */
export const Unknown: Story = {
  args: { value: undefined },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('progressbar')).not.toHaveAttribute('aria-valuenow');
  },
};
