import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import type { LayerProperty } from '@generated/model';
import type { FieldErrors } from '../../lib/use-form-submission';
import { Form } from '../ui/form';
import { attributeFieldSpec } from './attribute-field-spec';
import { AttributeFields } from './attribute-fields';

/** A pipe layer's schema: text, an enum, a bounded whole number, a date. */
const PIPE_SCHEMA: LayerProperty[] = [
  { name: 'name', label: 'Name', type: 'string', required: true, options: null },
  {
    name: 'material',
    label: 'Material',
    type: 'enum',
    required: false,
    options: ['cast_iron', 'ductile_iron', 'pvc'],
  },
  {
    name: 'diameter_mm',
    label: 'Diameter (mm)',
    type: 'integer',
    required: false,
    options: null,
    min: 50,
    max: 1200,
  },
  { name: 'install_date', label: 'Installed', type: 'date', required: false, options: null },
];

/** The fields inside the app's Form, which hands each field its server messages by name. */
function SchemaForm({ errors }: { errors: FieldErrors }) {
  const specs = PIPE_SCHEMA.map(attributeFieldSpec);
  const [texts, setTexts] = useState<Record<string, string>>({ name: 'Oak Street 1', diameter_mm: '150' });
  return (
    <Form label="Feature" errors={errors} onSubmit={() => undefined}>
      <AttributeFields
        specs={specs}
        texts={texts}
        onChange={(name, text) => setTexts((current) => ({ ...current, [name]: text }))}
      />
    </Form>
  );
}

const meta = {
  title: 'UI/Attribute fields',
  component: SchemaForm,
  args: { errors: {} },
} satisfies Meta<typeof SchemaForm>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Editing: Story = {
  play: async ({ canvasElement }) => {
    const form = within(canvasElement);
    await expect(form.getByText('Fields marked with a star are required.')).toBeVisible();
    const diameter = form.getByRole('textbox', { name: 'Diameter (mm)' });
    await expect(diameter).toHaveValue('150');
    await expect(form.getByText('From 50 to 1200')).toBeVisible();
    await userEvent.clear(diameter);
    await userEvent.type(diameter, '300');
    await expect(diameter).toHaveValue('300');
  },
};

/** A save the server refused (422): each message under its field. */
export const Refused: Story = {
  args: { errors: { diameter_mm: ['Must be at most 1200.'], name: ['Required'] } },
  play: async ({ canvasElement }) => {
    const form = within(canvasElement);
    await expect(form.getByRole('textbox', { name: 'Diameter (mm)' })).toHaveAccessibleDescription(
      expect.stringContaining('Must be at most 1200.'),
    );
    await expect(form.getByText('Required')).toBeVisible();
  },
};
