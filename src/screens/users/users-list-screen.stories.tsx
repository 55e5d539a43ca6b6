import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { overrideAnswers } from '@mocks/override-answers';
import { UsersListScreen } from './users-list-screen';

const meta = {
  title: 'Panels/Users/Users list',
  component: UsersListScreen,
} satisfies Meta<typeof UsersListScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The first of two pages of the 30 mock users. */
export const Normal: Story = {
  play: async ({ canvasElement }) => {
    const screen = within(canvasElement);
    const table = await screen.findByRole('grid', { name: 'Users' });
    // The header row and 15 users.
    await expect(within(table).getAllByRole('row')).toHaveLength(16);
    await expect(screen.getByRole('navigation', { name: 'Pagination' })).toBeVisible();
  },
};

export const Empty: Story = {
  parameters: { msw: { handlers: overrideAnswers('listUsers:empty') } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('No users found.')).toBeVisible();
  },
};

export const Error: Story = {
  parameters: { msw: { handlers: overrideAnswers('listUsers:503') } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(
      'This could not be loaded. Please try again later.',
    );
  },
};
