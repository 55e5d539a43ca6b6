import { describe, expect, it } from 'vitest';
import { documentOperations } from '../../src/testing/response-check';
import {
  describeOperation,
  isRequired,
  operationCoverage,
  readPactInteractions,
  REQUIRED_TAGS,
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

  it(`every ${REQUIRED_TAGS.join(' and ')} operation has an interaction`, () => {
    const missing = coverage.uncovered.filter(isRequired).map(describeOperation);
    expect(missing).toEqual([]);
  });

  it('every interaction matches an operation of the document', () => {
    expect(
      coverage.strays.map((interaction) => `${interaction.request.method} ${interaction.request.path}`),
    ).toEqual([]);
  });

  it('the check itself: a pact without interactions leaves every auth and users operation uncovered', () => {
    const empty = operationCoverage([]);
    const required = documentOperations.filter(isRequired);
    expect(required.length).toBeGreaterThan(0);
    expect(empty.uncovered.filter(isRequired)).toEqual(required);
  });
});
