import { FieldError, Text } from 'react-aria-components';

/**
 * What a react-aria field shows under its input: its description, if any, and its message (the
 * server's, matched by the field's name, or else the field's own validation).
 */
export function FieldMessages({ description, serverError }: { description?: string; serverError?: string }) {
  return (
    <>
      {description ? (
        <Text slot="description" className="field-description">
          {description}
        </Text>
      ) : null}
      <FieldError className="field-error">{serverError}</FieldError>
    </>
  );
}
