import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { LanguageSwitcher } from './language-switcher';

const meta = {
  title: 'UI/Language switcher',
  component: LanguageSwitcher,
  parameters: { signedInAs: 'signed-out' },
} satisfies Meta<typeof LanguageSwitcher>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const select = within(canvasElement).getByRole('combobox', { name: 'Language' });
    await expect(select).toHaveValue('en');
    // Every language the app ships, each named in its own language.
    await expect(within(select).getAllByRole('option').length).toBe(6);
    await expect(within(select).getByRole('option', { name: 'Français' })).toBeInTheDocument();
  },
};
