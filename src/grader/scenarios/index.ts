import { ownTable } from '../../protocol/json.js';
import type { PlayScenario } from '../scenario.js';
import { dualEraScenario } from './dual-era.js';
import { listChangedScenario } from './list-changed.js';
import { mrtrScenario } from './mrtr.js';
import { progressScenario } from './progress.js';
import { samplingScenario } from './sampling.js';
import { versionsScenario } from './versions.js';

/**
 * The exercises whose checks run an MCP session the learner can watch (`check <id> --play`). The
 * others (statistics, tracer, quiz) call the learner's code on data, with no session to show.
 */
const SCENARIOS: Readonly<Record<string, PlayScenario>> = ownTable({
  '01-progress': progressScenario,
  '02-server-without-list-changed': listChangedScenario,
  '03-client-without-sampling': samplingScenario,
  '04-version-negotiation': versionsScenario,
  '08-dual-era-server': dualEraScenario,
  '09-multi-round-trip': mrtrScenario,
});

export function scenarioFor(id: string): PlayScenario | undefined {
  return SCENARIOS[id];
}
