import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../testing/render';

describe('/pdf', { timeout: 30_000 }, () => {
  it('takes the map, view and visible layers from the viewer, and a picked scale makes the sheet printable', async () => {
    const { user, router } = await renderApp('/maps/1/show', { as: 'admin' });
    await screen.findByRole('heading', { name: 'Demo town', level: 1 }, { timeout: 10_000 });
    await user.click(await screen.findByLabelText('Valves', undefined, { timeout: 10_000 }));
    await user.click(screen.getByRole('link', { name: 'Print' }));

    const form = await screen.findByRole('form', { name: 'Print settings' }, { timeout: 10_000 });
    const query = new URLSearchParams(router.state.location.search);
    expect(router.state.location.pathname).toBe('/pdf');
    expect(query.get('map')).toBe('1');
    expect(within(form).getByLabelText('Title')).toHaveValue('Demo town');
    expect(within(form).getByLabelText('Valves')).not.toBeChecked();
    expect(within(form).getByLabelText('Pipes')).toBeChecked();

    // The preview draws what the sheet will: the valves stay off there too.
    const preview = await screen.findByRole('region', { name: 'Print preview of Demo town' });
    const valves = preview.querySelector('[data-layer-key="layer-2"]');
    expect(valves).toHaveAttribute('data-visible', 'false');

    // jsdom lays nothing out, so only a picked scale gives the sheet a scale.
    const download = within(form).getByRole('button', { name: 'Download PDF' });
    expect(download).toBeDisabled();
    await user.selectOptions(within(form).getByLabelText('Scale'), '1:10,000');
    expect(download).toBeEnabled();
  });

  it("lists the map's dashboard widgets, none chosen, and a chosen one takes its place beside the preview", async () => {
    const { user } = await renderApp('/maps/1/show', { as: 'admin' });
    await screen.findByRole('heading', { name: 'Demo town', level: 1 }, { timeout: 10_000 });
    await user.click(screen.getByRole('link', { name: 'Print' }));
    const form = await screen.findByRole('form', { name: 'Print settings' }, { timeout: 10_000 });
    const choice = await within(form).findByRole('group', { name: 'Widgets beside the map' });
    const counter = await within(choice).findByLabelText('Hydrants in view');
    expect(
      within(choice)
        .getAllByRole('checkbox')
        .every((box) => !(box as HTMLInputElement).checked),
    ).toBe(true);
    expect(document.querySelector('.print-preview-widget')).toBeNull();

    await user.click(counter);
    expect(counter).toBeChecked();
    const placed = document.querySelector('.print-preview-widget');
    expect(placed).toHaveTextContent('Hydrants in view');
    // Right of the map on the landscape sheet.
    const map = screen.getByRole('region', { name: 'Print preview of Demo town' }).closest('.print-preview');
    expect(parseFloat((map as HTMLElement).style.width)).toBeLessThan(100);
    expect(parseFloat((placed as HTMLElement).style.left)).toBeGreaterThan(
      parseFloat((map as HTMLElement).style.width),
    );
  });

  it('opens on the last map viewed, with its preview, when none is given', async () => {
    const { router } = await renderApp('/maps/1/show', { as: 'admin' });
    await screen.findByRole('heading', { name: 'Demo town', level: 1 }, { timeout: 10_000 });
    // The menu's /pdf, without a map in the address.
    await act(() => router.navigate('/pdf'));
    const form = await screen.findByRole('form', { name: 'Print settings' }, { timeout: 10_000 });
    expect(within(form).getByLabelText('Title')).toHaveValue('Demo town');
    expect(await screen.findByRole('region', { name: 'Print preview of Demo town' })).toBeInTheDocument();
  });

  it('asks for a map when none is given', async () => {
    await renderApp('/pdf', { as: 'user' });
    expect(await screen.findByText('Choose a map to print.', undefined, { timeout: 10_000 })).toBeVisible();
    expect(await screen.findByRole('option', { name: 'Demo town' })).toBeInTheDocument();
  });
});
