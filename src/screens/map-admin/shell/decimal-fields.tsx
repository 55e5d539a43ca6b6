import { TextField } from '@/components/ui/text-field';
import type { TextFieldBinding } from '@/lib/use-form';

export type DecimalField = TextFieldBinding & { label: string; description?: string };

/**
 * Number fields side by side (a view's longitude, latitude and zoom; a layer's opacity and zoom
 * range). They stay text while typed (the server checks the number) and ask touch keyboards for
 * digits and a decimal point.
 */
export function DecimalFields({ fields }: { fields: readonly DecimalField[] }) {
  return fields.map((field) => <TextField key={field.name} inputMode="decimal" {...field} />);
}
