import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { ConfirmDialog } from './confirm-dialog';

const meta = {
  title: 'UI/Confirm dialog',
  component: ConfirmDialog,
  args: {
    isOpen: true,
    title: 'Delete the layer?',
    text: 'Pipes and its 144 features will be deleted.',
    confirmLabel: 'Delete',
    onConfirm: fn(),
    onCancel: fn(),
  },
} satisfies Meta<typeof ConfirmDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

// The dialog opens in an overlay on the page's body, outside the story's own element.
const page = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body);

export const Open: Story = {
  play: async ({ canvasElement, args }) => {
    const dialog = page(canvasElement).getByRole('alertdialog', { name: 'Delete the layer?' });
    await expect(dialog).toHaveTextContent('Pipes and its 144 features will be deleted.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await expect(args.onCancel).toHaveBeenCalled();
    await expect(args.onConfirm).not.toHaveBeenCalled();
  },
};

/** While the deletion runs, it cannot be confirmed twice. */
export const Pending: Story = {
  args: { isPending: true },
  play: async ({ canvasElement }) => {
    const dialog = page(canvasElement).getByRole('alertdialog');
    await expect(within(dialog).getByRole('button', { name: 'Delete' })).toBeDisabled();
  },
};
