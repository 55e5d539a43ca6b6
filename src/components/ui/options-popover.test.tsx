import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, ComboBox, Input, Label, Select, SelectValue } from 'react-aria-components';
import { describe, expect, it } from 'vitest';
import { OptionsPopover } from './options-popover';

const options = [
  { id: 'pvc', label: 'PVC' },
  { id: 'steel', label: 'Steel' },
];

describe('OptionsPopover', () => {
  it('lists the options it is given, each named by its label, and picks one', async () => {
    const user = userEvent.setup();
    render(
      <Select aria-label="Material" defaultSelectedKey="pvc">
        <Button>
          <SelectValue />
        </Button>
        <OptionsPopover items={options} />
      </Select>,
    );
    await user.click(screen.getByRole('button', { name: /PVC/ }));
    const list = await screen.findByRole('listbox');
    expect(list).toHaveClass('select-list');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['PVC', 'Steel']);
    await user.click(screen.getByRole('option', { name: 'Steel' }));
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Steel/ })).toBeInTheDocument();
  });

  it("takes a combobox's options and says so when none match", async () => {
    const user = userEvent.setup();
    render(
      <ComboBox items={[] as typeof options} allowsEmptyCollection menuTrigger="focus">
        <Label>Material</Label>
        <Input />
        <OptionsPopover<(typeof options)[number]> emptyText="Nothing matches." />
      </ComboBox>,
    );
    await user.click(screen.getByRole('combobox', { name: 'Material' }));
    expect(await screen.findByText('Nothing matches.')).toHaveClass('select-empty');
  });
});
