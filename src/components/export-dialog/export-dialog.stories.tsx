import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { overrideAnswers } from '@mocks/override-answers';
import { ExportDialog } from './export-dialog';

/** Exporting map 1's first layer, as its feature table offers it. */
const meta = {
  title: 'UI/Export dialog',
  component: ExportDialog,
  args: {
    mapId: 1,
    isOpen: true,
    onClose: fn(),
    scopes: [{ id: 'layer', label: 'The whole layer', target: { kind: 'layer', layerId: 1 } }],
  },
} satisfies Meta<typeof ExportDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

// The dialog opens in an overlay on the page's body, outside the story's own element.
const dialogOf = (canvasElement: HTMLElement) =>
  within(canvasElement.ownerDocument.body).getByRole('dialog', { name: 'Export features' });

export const Choosing: Story = {
  play: async ({ canvasElement }) => {
    const dialog = within(dialogOf(canvasElement));
    await expect(dialog.getByRole('radio', { name: 'GeoJSON' })).toBeChecked();
    await expect(dialog.getByText(/The whole layer/)).toBeVisible();
  },
};

/** Started: the job's progress shows until the file is ready. */
export const Started: Story = {
  play: async ({ canvasElement }) => {
    const dialog = within(dialogOf(canvasElement));
    await userEvent.click(dialog.getByRole('radio', { name: 'CSV' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Start export' }));
    await expect(await dialog.findByRole('progressbar')).toBeVisible();
  },
};

/** The server is busy (503): the form says so and stays open for another try. */
export const ServerBusy: Story = {
  parameters: { msw: { handlers: overrideAnswers('exportFeatures:503') } },
  play: async ({ canvasElement }) => {
    const dialog = within(dialogOf(canvasElement));
    await userEvent.click(dialog.getByRole('button', { name: 'Start export' }));
    await expect(await dialog.findByRole('alert')).toHaveTextContent(
      'The server is unavailable for a moment. Please try again shortly.',
    );
    await expect(dialog.getByRole('button', { name: 'Start export' })).toBeEnabled();
  },
};
