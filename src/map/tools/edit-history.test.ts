import { describe, expect, test } from 'vitest';
import { createEditHistory } from './edit-history';

describe('the steps of a geometry edit', () => {
  test('undo walks back to the first state and no further; redo walks forward again', () => {
    const history = createEditHistory<string>();
    expect(history.canUndo()).toBe(false);
    history.push('stored');
    history.push('moved a vertex');
    history.push('added a vertex');
    expect(history.undo()).toBe('moved a vertex');
    expect(history.undo()).toBe('stored');
    expect(history.canUndo()).toBe(false);
    expect(history.undo()).toBeUndefined();
    expect(history.current()).toBe('stored');
    expect(history.redo()).toBe('moved a vertex');
    expect(history.redo()).toBe('added a vertex');
    expect(history.canRedo()).toBe(false);
    expect(history.redo()).toBeUndefined();
    expect(history.current()).toBe('added a vertex');
  });

  test('a new step after an undo drops the undone steps', () => {
    const history = createEditHistory<number>();
    [1, 2, 3].forEach(history.push);
    history.undo();
    history.push(4);
    expect(history.canRedo()).toBe(false);
    expect(history.undo()).toBe(2);
    expect(history.undo()).toBe(1);
  });

  test('past the limit the oldest steps are forgotten, the newest kept', () => {
    const history = createEditHistory<number>(3);
    [1, 2, 3, 4, 5].forEach(history.push);
    expect(history.undo()).toBe(4);
    expect(history.undo()).toBe(3);
    expect(history.undo()).toBeUndefined();
  });
});
