import { useCallback, useState } from 'react';
import { useFormSubmission, type FieldErrors } from './use-form-submission';

/** The fields of a form whose value is text, which a TextField edits as it is. */
type TextKey<V> = { [K in keyof V]: V[K] extends string ? K : never }[keyof V];

/** What a TextField takes from the form for one field: its name, value and change. */
export type TextFieldBinding = { name: string; value: string; onChange: (value: string) => void };

export type FormState<V> = {
  values: V;
  /** Sets one field, as the user did. */
  set: <K extends keyof V>(field: K, value: V[K]) => void;
  /** Sets one field, for a component's onChange. */
  setter: <K extends keyof V>(field: K) => (value: V[K]) => void;
  /**
   * Changes one field from its latest value, as React's functional update does: a row removed
   * after an awaited call keeps the edits made to the other rows meanwhile.
   */
  update: <K extends keyof V>(field: K, change: (value: V[K]) => V[K]) => void;
  /** Sets several fields at once (a map view picked on a small map: its centre and zoom). */
  patch: (changes: Partial<V>) => void;
  /**
   * A text field's binding, spread into a TextField. `name` is the field the server's 422 errors
   * name, when it differs from the value's key (`center.0`).
   */
  field: (key: TextKey<V>, name?: string) => TextFieldBinding;
  /** The fields the user has changed since the form was opened. */
  touched: ReadonlySet<keyof V>;
  /** Whether any value differs from the one the form was opened with. */
  isDirty: boolean;
  /** The last failed submit's per-field messages (a 422's `errors`), which Form shows by name. */
  errors: FieldErrors;
  /** A translation key for a failure that belongs to no field. */
  failure: string | null;
  isSubmitting: boolean;
  /** Opens the form anew on these values (after a save: what was saved), or on the ones it opened with. */
  reset: (values?: V) => void;
  /** The form's submit: runs `action` with the values under useFormSubmission's rules. */
  onSubmit: (action: (values: V) => Promise<void>) => () => Promise<void>;
};

/**
 * A form's values, what the user changed and its submission, in one place: every form of the
 * app had its own useState per field and its own copy of the submit wiring. The submit rules
 * (one in flight, errors cleared at the start, a 422's `errors` per field) are
 * useFormSubmission's; the fields stay the react-aria ones, bound by `field(...)` or `setter(...)`.
 */
export function useForm<V extends object>(initial: V | (() => V)): FormState<V> {
  const { errors, failure, isSubmitting, submit } = useFormSubmission();
  const [opened, setOpened] = useState(initial);
  const [values, setValues] = useState(opened);
  const [touched, setTouched] = useState<ReadonlySet<keyof V>>(() => new Set());

  const patch = useCallback((changes: Partial<V>) => {
    setValues((old) => ({ ...old, ...changes }));
    setTouched((old) => new Set([...old, ...(Object.keys(changes) as (keyof V)[])]));
  }, []);
  const set = useCallback(
    <K extends keyof V>(field: K, value: V[K]) => patch({ [field]: value } as unknown as Partial<V>),
    [patch],
  );
  const update = useCallback(<K extends keyof V>(field: K, change: (value: V[K]) => V[K]) => {
    setValues((old) => ({ ...old, [field]: change(old[field]) }));
    setTouched((old) => new Set([...old, field]));
  }, []);
  const setter =
    <K extends keyof V>(field: K) =>
    (value: V[K]) =>
      set(field, value);
  const field = (key: TextKey<V>, name = String(key)): TextFieldBinding => ({
    name,
    value: values[key] as string,
    onChange: (value: string) => set(key, value as V[TextKey<V>]),
  });
  const isDirty = (Object.keys(values) as (keyof V)[]).some((key) => !Object.is(values[key], opened[key]));
  const reset = (next: V = opened) => {
    setOpened(next);
    setValues(next);
    setTouched(new Set());
  };
  const onSubmit = (action: (values: V) => Promise<void>) => () => submit(() => action(values));

  return {
    values,
    set,
    setter,
    update,
    patch,
    field,
    touched,
    isDirty,
    errors,
    failure,
    isSubmitting,
    reset,
    onSubmit,
  };
}
