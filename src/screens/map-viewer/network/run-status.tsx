/** While a network question runs, the words saying so; once it failed, each message as an alert. */
export function RunStatus({
  busy,
  busyText,
  errors,
}: {
  busy: boolean;
  busyText: string;
  errors: readonly string[];
}) {
  return (
    <>
      {busy ? <p role="status">{busyText}</p> : null}
      {errors.map((message) => (
        <p key={message} role="alert" className="form-failure">
          {message}
        </p>
      ))}
    </>
  );
}
