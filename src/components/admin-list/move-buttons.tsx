import { Button } from '../ui/button';

type MoveButtonsProps = {
  /** The labels that name the item ("Move Roads up"); the buttons show only arrows. */
  upLabel: string;
  downLabel: string;
  /** False at the edges of the list: the first item cannot go up, the last not down. */
  canMoveUp: boolean;
  canMoveDown: boolean;
  /** -1: one place up, 1: one place down. */
  onMove: (step: -1 | 1) => void;
};

/** The ↑ and ↓ buttons of an item in a list the admin orders by hand (layers, categories). */
export function MoveButtons({ upLabel, downLabel, canMoveUp, canMoveDown, onMove }: MoveButtonsProps) {
  const steps = [
    { step: -1, label: upLabel, arrow: '↑', isDisabled: !canMoveUp },
    { step: 1, label: downLabel, arrow: '↓', isDisabled: !canMoveDown },
  ] as const;
  return steps.map(({ step, label, arrow, isDisabled }) => (
    <Button
      key={step}
      variant="secondary"
      isDisabled={isDisabled}
      aria-label={label}
      onPress={() => onMove(step)}
    >
      {arrow}
    </Button>
  ));
}
