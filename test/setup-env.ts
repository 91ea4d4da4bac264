import { inject } from 'vitest';

// The UI tests simulate an interactive terminal. Under CI=true, Ink (is-in-ci) stops following
// terminal resizes and holds frames until exit, which is right for a real CI log and wrong for a
// test that resizes a fake terminal; so the workers run as on a developer's machine.
delete process.env.CI;
delete process.env.CONTINUOUS_INTEGRATION;

// Property tests draw new cases on every run; a failure prints its seed, and FC_SEED=<seed>
// replays exactly that run. fast-check is imported only then: this file runs before every test
// file, in a worker of its own, and a dozen of the ~265 files use fast-check (its import took
// ~43 ms of CPU in each).
if (process.env.FC_SEED) {
  const { default: fc } = await import('fast-check');
  fc.configureGlobal({ seed: Number(process.env.FC_SEED) });
}

// Commands the CLI suggests start as the learner started it (src/invocation.ts): under `npx
// vitest` that is `npx mcp-sim`. The tests pin the installed wording, `mcp-sim …`; those about
// the choice itself clear this.
process.env.MCP_SIM_COMMAND = 'mcp-sim';

// os.tmpdir() is the run's own folder (test/global-setup.ts), here and in every process a test
// starts: it is removed when the run ends, so what a test leaves there is not left on the machine.
// Set again here, not only inherited, so it holds however the pool starts its workers.
const tempRoot = inject('tempRoot');
if (tempRoot) for (const name of ['TMPDIR', 'TEMP', 'TMP']) process.env[name] = tempRoot;
