import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { overrideAnswers } from '@mocks/override-answers';
import { FiltersScreen } from './filters-screen';

/** Map 1's filters, as its administration screen lists them. */
const meta = {
  title: 'Panels/Map admin/Filters',
  component: FiltersScreen,
  parameters: { route: { path: '/maps/:id/filters', entry: '/maps/1/filters' } },
} satisfies Meta<typeof FiltersScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Normal: Story = {
  play: async ({ canvasElement }) => {
    const list = await within(canvasElement).findByRole('list', { name: 'Filters' });
    const rows = within(list).getAllByRole('listitem');
    await expect(rows.length).toBeGreaterThan(0);
    await expect(within(rows[0] as HTMLElement).getByRole('link', { name: /^Edit / })).toBeVisible();
  },
};

export const Empty: Story = {
  parameters: { msw: { handlers: overrideAnswers('listFilters:empty') } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('No filters yet.')).toBeVisible();
  },
};

export const Error: Story = {
  parameters: { msw: { handlers: overrideAnswers('listFilters:500') } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(
      'This could not be loaded. Please try again later.',
    );
  },
};
