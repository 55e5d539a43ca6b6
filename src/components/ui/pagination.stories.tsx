import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Pagination } from './pagination';

const meta = {
  title: 'UI/Pagination',
  component: Pagination,
  args: {
    data: { meta: { current_page: 1, last_page: 4, per_page: 15, total: 52, from: 1, to: 15 } },
    onPageChange: fn(),
  },
} satisfies Meta<typeof Pagination>;

export default meta;
type Story = StoryObj<typeof meta>;

export const FirstOfFour: Story = {
  play: async ({ canvasElement, args }) => {
    const nav = within(canvasElement).getByRole('navigation', { name: 'Pagination' });
    await expect(within(nav).getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await userEvent.click(within(nav).getByRole('button', { name: 'Next page' }));
    await expect(args.onPageChange).toHaveBeenCalledWith(2);
  },
};

export const LastPage: Story = {
  args: { data: { meta: { current_page: 4, last_page: 4, per_page: 15, total: 52, from: 46, to: 52 } } },
  play: async ({ canvasElement }) => {
    const nav = within(canvasElement).getByRole('navigation', { name: 'Pagination' });
    await expect(within(nav).getByRole('button', { name: 'Next page' })).toBeDisabled();
  },
};

/** One page's worth: no page links at all. */
export const SinglePage: Story = {
  args: { data: { meta: { current_page: 1, last_page: 1, per_page: 15, total: 7, from: 1, to: 7 } } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('navigation')).toBeNull();
  },
};
