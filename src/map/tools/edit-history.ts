/**
 * The steps of one geometry edit, for undo and redo. Each entry is a whole state (a geometry
 * snapshot), so undoing never has to know what a step did; a new step after an undo drops
 * the undone ones, as in every editor.
 */
export type EditHistory<T> = {
  /** The state now shown, or undefined before the first step. */
  current: () => T | undefined;
  /** Records a new state; the steps undone before it can no longer be redone. */
  push: (state: T) => void;
  /** Steps back one state and returns it, or undefined when only the first state is left. */
  undo: () => T | undefined;
  /** Steps forward again and returns that state, or undefined when nothing was undone. */
  redo: () => T | undefined;
  canUndo: () => boolean;
  canRedo: () => boolean;
};

/** Kept finite so a long session cannot grow without bound; the oldest steps go first. */
export const MAX_EDIT_STEPS = 200;

export function createEditHistory<T>(limit = MAX_EDIT_STEPS): EditHistory<T> {
  const done: T[] = [];
  const undone: T[] = [];
  return {
    current: () => done.at(-1),
    push: (state) => {
      done.push(state);
      if (done.length > limit) done.shift();
      undone.length = 0;
    },
    undo: () => {
      if (done.length < 2) return undefined;
      const step = done.pop();
      if (step !== undefined) undone.push(step);
      return done.at(-1);
    },
    redo: () => {
      const step = undone.pop();
      if (step !== undefined) done.push(step);
      return step;
    },
    canUndo: () => done.length > 1,
    canRedo: () => undone.length > 0,
  };
}
