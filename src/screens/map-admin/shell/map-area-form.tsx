import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Form } from '@/components/ui/form';
import type { FormState } from '@/lib/use-form';
import { mapCall } from './map-call';

/** What a screen gives a form that creates or edits one record (a map, a layer). */
export type RecordFormProps<T> = {
  label: string;
  submitLabel: string;
  /** Sends the record; it runs under mapCall, so a failure also fills the shared errors state. */
  onSubmit: (record: T) => Promise<void>;
};

type MapAreaFormProps<V, T> = RecordFormProps<T> & {
  form: FormState<V>;
  /** The record the form's values stand for. */
  toRecord: (values: V) => T;
  children: ReactNode;
};

/** A form for one record of the map area: its fields, then its submit. */
export function MapAreaForm<V, T>({
  label,
  submitLabel,
  onSubmit,
  form,
  toRecord,
  children,
}: MapAreaFormProps<V, T>) {
  return (
    <Form
      label={label}
      form={form}
      onSubmit={form.onSubmit((values) => mapCall(() => onSubmit(toRecord(values))))}
    >
      {children}
      <Button type="submit" isPending={form.isSubmitting}>
        {submitLabel}
      </Button>
    </Form>
  );
}
