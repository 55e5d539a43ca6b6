import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Button } from '../components/ui/button';
import { Form } from '../components/ui/form';
import { TextField } from '../components/ui/text-field';
import { renderWithProviders } from '../testing/render';
import { useForm } from './use-form';

/** What a refused submit rejects with: a 422 whose `errors` name the fields. */
const refused = (errors: Record<string, string[]>) =>
  Object.assign(new Error('Unprocessable'), {
    isAxiosError: true,
    response: { status: 422, data: { message: 'The given data was invalid.', errors } },
  });

type Sent = { title: string; lon: string };

function PlaceForm({ save, keep = false }: { save: (values: Sent) => Promise<void>; keep?: boolean }) {
  const form = useForm<Sent>({ title: 'Depot', lon: '4.35' });
  return (
    <Form
      label="Place"
      form={form}
      onSubmit={form.onSubmit(async (values) => {
        await save(values);
        // What was saved is what the form now stands on.
        if (keep) form.reset(values);
      })}
    >
      <TextField label="Title" {...form.field('title')} />
      <TextField label="Longitude" {...form.field('lon', 'center.0')} />
      <p>{form.isDirty ? 'Changed' : 'Unchanged'}</p>
      <p>{`Touched: ${[...form.touched].join(', ')}`}</p>
      <Button type="submit" isPending={form.isSubmitting}>
        Save
      </Button>
    </Form>
  );
}

/** A list whose first row goes once `removal` settles, while rows can be added meanwhile. */
function RowsForm({ removal }: { removal: Promise<void> }) {
  const form = useForm<{ rows: string[] }>({ rows: ['Pipe', 'Valve'] });
  const { rows } = form.values;
  return (
    <>
      <ul aria-label="Rows">
        {rows.map((row) => (
          <li key={row}>{row}</li>
        ))}
      </ul>
      <button type="button" onClick={() => form.set('rows', [...rows, `Row ${rows.length + 1}`])}>
        Add
      </button>
      <button
        type="button"
        onClick={async () => {
          await removal;
          form.update('rows', (latest) => latest.filter((row) => row !== 'Pipe'));
        }}
      >
        Remove Pipe
      </button>
      <p>{`Touched: ${[...form.touched].join(', ')}`}</p>
    </>
  );
}

describe('useForm', () => {
  it('sends the values as typed and says which fields the user changed', async () => {
    const sent: Sent[] = [];
    const { user } = renderWithProviders(
      <PlaceForm
        save={async (values) => {
          sent.push(values);
        }}
      />,
    );
    expect(screen.getByText('Unchanged')).toBeInTheDocument();
    await user.clear(screen.getByRole('textbox', { name: 'Title' }));
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Pump house');
    expect(screen.getByText('Changed')).toBeInTheDocument();
    expect(screen.getByText('Touched: title')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toEqual([{ title: 'Pump house', lon: '4.35' }]));
    // Typing the value it was opened with makes the form clean again.
    await user.clear(screen.getByRole('textbox', { name: 'Title' }));
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Depot');
    expect(screen.getByText('Unchanged')).toBeInTheDocument();
  });

  it('after a save that keeps the values, the form is clean on them', async () => {
    const { user } = renderWithProviders(<PlaceForm keep save={async () => undefined} />);
    await user.type(screen.getByRole('textbox', { name: 'Longitude' }), '1');
    expect(screen.getByText('Changed')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByText('Unchanged')).toBeInTheDocument());
    expect(screen.getByText('Touched:')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Longitude' })).toHaveValue('4.351');
  });

  it("shows a 422's messages under the fields they name, and clears them on the next submit", async () => {
    let answer: Error | null = refused({ title: ['The title is taken.'], 'center.0': ['Out of range.'] });
    const { user } = renderWithProviders(
      <PlaceForm
        save={async () => {
          if (answer) throw answer;
        }}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const title = screen.getByRole('textbox', { name: 'Title' });
    await waitFor(() => expect(title).toHaveAccessibleDescription('The title is taken.'));
    expect(screen.getByRole('textbox', { name: 'Longitude' })).toHaveAccessibleDescription('Out of range.');
    answer = null;
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(title).not.toHaveAccessibleDescription('The title is taken.'));
    expect(within(screen.getByRole('form', { name: 'Place' })).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says a failure that names no field above the form', async () => {
    const { user } = renderWithProviders(
      <PlaceForm
        save={async () => {
          throw new Error('offline');
        }}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The server could not be reached.');
  });

  it('updates a field from its latest value, keeping what changed while a call was awaited', async () => {
    let settle = () => {};
    const removal = new Promise<void>((resolve) => {
      settle = resolve;
    });
    const { user } = renderWithProviders(<RowsForm removal={removal} />);
    await user.click(screen.getByRole('button', { name: 'Remove Pipe' }));
    await user.click(screen.getByRole('button', { name: 'Add' }));
    settle();
    const rows = screen.getByRole('list', { name: 'Rows' });
    await waitFor(() =>
      expect(
        within(rows)
          .getAllByRole('listitem')
          .map((row) => row.textContent),
      ).toEqual(['Valve', 'Row 3']),
    );
    expect(screen.getByText('Touched: rows')).toBeInTheDocument();
  });
});
