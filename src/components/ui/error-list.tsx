/**
 * The messages of a failed action, one item each, read out when they show; nothing while there
 * are none. `form-failure` draws them as a whole form's failure, `form-errors` (the default) as
 * the messages of one action beside its buttons.
 */
export function ErrorList({
  messages,
  className = 'form-errors',
}: {
  messages: readonly string[];
  className?: 'form-errors' | 'form-failure';
}) {
  if (messages.length === 0) return null;
  return (
    <ul role="alert" className={className}>
      {messages.map((message) => (
        <li key={message}>{message}</li>
      ))}
    </ul>
  );
}
