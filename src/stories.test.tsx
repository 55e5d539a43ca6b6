import { composeStories, composeStory, setProjectAnnotations } from '@storybook/react-vite';
import { render } from '@testing-library/react';
import type { RequestHandler } from 'msw';
import { describe, expect, it } from 'vitest';
import { workshopAnnotations } from '../.storybook/workshop';
import { server } from './testing/server';

/**
 * Every story of the component workshop, rendered here with its own mock answers and checked by
 * its own play function (what a user sees: rows, the empty text, the error alert). The workshop
 * itself is not built in the test run; this keeps its stories from rotting.
 */
setProjectAnnotations(workshopAnnotations);

type StoryModule = Parameters<typeof composeStories>[0];
type ComposedStory = ReturnType<typeof composeStory>;
const modules = import.meta.glob<StoryModule>('./**/*.stories.tsx', { eager: true });

/** A story's `parameters.msw.handlers` (or `parameters.msw` as a list), as the workshop's loader reads them. */
function storyHandlers(msw: unknown): RequestHandler[] {
  if (Array.isArray(msw)) return msw as RequestHandler[];
  const handlers = (msw as { handlers?: RequestHandler[] | Record<string, RequestHandler[]> } | undefined)
    ?.handlers;
  if (!handlers) return [];
  return Array.isArray(handlers) ? handlers : Object.values(handlers).flat();
}

it('finds the stories', () => {
  expect(Object.keys(modules).length).toBeGreaterThanOrEqual(8);
});

describe.each(Object.entries(modules))('%s', (_file, module) => {
  const stories = Object.entries(composeStories(module)) as [string, ComposedStory][];
  it.each(stories)('%s', async (_name, Story) => {
    // Each story says in its play function what must show; one without would check nothing.
    expect(Story.play, `${Story.id} has no play function`).toBeDefined();
    // In front of the tests' handlers, as the workshop's loader puts them in front of mock mode's;
    // the setup resets them after each test.
    server.use(...storyHandlers(Story.parameters.msw));
    await Story.load();
    const { container } = render(<Story />);
    await Story.play?.({ canvasElement: container });
  });
});
