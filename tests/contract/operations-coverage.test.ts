import { describe, expect, it } from 'vitest';
import { documentOperations } from '../../src/testing/response-check';
import {
  describeOperation,
  isRequired,
  operationCoverage,
  PENDING_OPERATIONS,
  readPactInteractions,
  REQUIRED_TAGS,
  requiredGiven,
} from './operations-coverage';

describe('pact coverage of generated/openapi.json', () => {
  const coverage = operationCoverage(readPactInteractions());

  it('prints the operations that still have no interaction (shrinks to zero as features land)', () => {
    const pending = coverage.uncovered.filter((operation) => !isRequired(operation));
    const covered = documentOperations.length - coverage.uncovered.length;
    console.info(
      `Pact covers ${covered} of ${documentOperations.length} operations.` +
        (pending.length === 0
          ? ''
          : `\nNo interaction yet (${pending.length}):\n${pending.map((op) => `  - ${describeOperation(op)}`).join('\n')}`),
    );
    expect(documentOperations.length).toBeGreaterThan(0);
  });

  it(`every ${REQUIRED_TAGS.join(', ')} operation has an interaction, except the pending ones`, () => {
    const missing = coverage.uncovered.filter(isRequired).map(describeOperation);
    expect(missing).toEqual([]);
  });

  it('every interaction matches an operation of the document', () => {
    expect(
      coverage.strays.map((interaction) => `${interaction.request.method} ${interaction.request.path}`),
    ).toEqual([]);
  });

  it('every pending operation is an operation of the document, left out for a stated reason', () => {
    const known = new Set(documentOperations.map((operation) => operation.operationId));
    expect(Object.keys(PENDING_OPERATIONS).filter((operationId) => !known.has(operationId))).toEqual([]);
    expect(Object.values(PENDING_OPERATIONS).every((reason) => reason.trim() !== '')).toBe(true);
    const byId = (operationId: string) =>
      documentOperations.find((operation) => operation.operationId === operationId);
    // The mechanism still works with nothing pending: a listed operation is let off, no other.
    const withImportPending = requiredGiven({ importLayer: 'a stated reason' });
    expect(withImportPending(byId('importLayer')!)).toBe(false);
    expect(withImportPending(byId('createLayer')!)).toBe(true);
    expect(isRequired(byId('importLayer')!)).toBe(true);
  });

  it('the check itself: a pact without interactions leaves every required operation uncovered', () => {
    const empty = operationCoverage([]);
    const required = documentOperations.filter(isRequired);
    expect(required.length).toBeGreaterThan(0);
    expect(empty.uncovered.filter(isRequired)).toEqual(required);
  });
});
