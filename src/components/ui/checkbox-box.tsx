/** The drawn box and tick of a checkbox; the `.checkbox` around it shows it checked or not. */
export function CheckboxBox() {
  return (
    <span className="checkbox-box" aria-hidden="true">
      <svg viewBox="0 0 18 18">
        <polyline points="2 9 7 14 16 4" />
      </svg>
    </span>
  );
}
