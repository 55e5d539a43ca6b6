import type { UserEvent } from '@testing-library/user-event';

/** Types a whole value at once (focus + paste): key-by-key typing is slow on a busy CI box. */
export async function fill(user: UserEvent, field: HTMLElement, text: string): Promise<void> {
  await user.click(field);
  await user.paste(text);
}
