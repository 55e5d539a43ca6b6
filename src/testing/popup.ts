import { screen, waitForElementToBeRemoved } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * Expects the success popup with this title, then waits for it to close by itself
 * (it is modal, so the screen behind is hidden from queries until then).
 */
export async function expectPopupThatCloses(title: string): Promise<void> {
  const heading = await screen.findByRole('heading', { name: title });
  expect(heading).toBeInTheDocument();
  await waitForElementToBeRemoved(() => screen.queryByRole('heading', { name: title }), { timeout: 3000 });
}
