import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { Layer } from '@generated/model';
import { renderWithProviders } from '@/testing/render';
import { server } from '@/testing/server';
import { FeatureEditForm } from './feature-edit-form';

const PIPES = {
  id: 1,
  name: 'Pipes',
  properties: [
    { name: 'name', label: 'Name', type: 'string', required: true, options: null },
    {
      name: 'diameter_mm',
      label: 'Diameter (mm)',
      type: 'integer',
      required: true,
      options: null,
      min: 20,
      max: 1200,
    },
    { name: 'status', label: 'Status', type: 'enum', required: true, options: ['in_service', 'abandoned'] },
  ],
} as unknown as Layer;

function renderForm(seenVersion?: number) {
  const onSaved = vi.fn();
  const view = renderWithProviders(
    <FeatureEditForm
      mapId={1}
      layer={PIPES}
      featureId={3}
      properties={{ name: 'P-3', diameter_mm: 110, status: 'in_service' }}
      seenVersion={seenVersion}
      onSaved={onSaved}
      onCancel={vi.fn()}
    />,
  );
  return { ...view, onSaved, form: screen.getByRole('form', { name: 'Edit feature' }) };
}

describe('the feature form', { timeout: 30_000 }, () => {
  it('marks required fields and says beside a field what is wrong before asking the server', async () => {
    const { user, form, onSaved } = renderForm();
    const diameter = within(form).getByRole('textbox', { name: 'Diameter (mm)' });
    expect(diameter).toHaveAttribute('aria-required', 'true');
    expect(diameter).toHaveAccessibleDescription('From 20 to 1200');
    await user.clear(diameter);
    await user.type(diameter, '5');
    await user.clear(within(form).getByRole('textbox', { name: 'Name' }));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(within(form).getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription('Required');
    expect(diameter).toHaveAccessibleDescription(/Must be at least 20\./);
    expect(onSaved).not.toHaveBeenCalled();
  });

  it("shows the server's 422 message beside the field it names", async () => {
    server.use(
      http.post('*/api/maps/:id/updateFeatures', () =>
        HttpResponse.json(
          {
            message: 'The given data was invalid.',
            errors: { 'features.0.properties.name': ['The name is already used by pipe 7.'] },
          },
          { status: 422 },
        ),
      ),
    );
    const { user, form } = renderForm();
    const name = within(form).getByRole('textbox', { name: 'Name' });
    await user.type(name, 'x');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('The name is already used by pipe 7.')).toBeInTheDocument();
    expect(name).toHaveAccessibleDescription('The name is already used by pipe 7.');
  });

  it('shows what someone else changed meanwhile instead of overwriting, and saves again knowingly', async () => {
    const sent: unknown[] = [];
    server.use(
      http.post('*/api/maps/:id/updateFeatures', async ({ request }) => {
        const body = (await request.json()) as { features: { seen_version?: number }[] };
        sent.push(body.features[0]?.seen_version);
        if (sent.length === 1)
          return HttpResponse.json(
            {
              message:
                'Feature 3 was changed by someone else since you opened it (now version 4); nothing was saved.',
              current_version: 4,
              feature_id: 3,
              changed: ['diameter_mm', 'geometry'],
            },
            { status: 409 },
          );
        return HttpResponse.json({ data: { updated: [], deleted_ids: [] } });
      }),
    );
    const { user, form } = renderForm(3);
    await user.type(within(form).getByRole('textbox', { name: 'Name' }), 'x');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    const alert = await within(form).findByRole('alert');
    expect(alert).toHaveTextContent('someone else changed this feature since you opened it (now version 4)');
    expect(alert).toHaveTextContent('Changed meanwhile: Diameter (mm), Geometry.');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(sent).toEqual([3, 4]));
  });
});
