/**
 * Whether Ink takes this environment for CI (its own test, is-in-ci, which reads process.env once
 * as it loads; this one reads the environment it is given). Under CI Ink holds every frame until
 * it exits, so nothing drawn as it goes would show.
 */
export function inkSeesCi(env: NodeJS.ProcessEnv): boolean {
  const set = (name: string) => name in env && env[name] !== '0' && env[name] !== 'false';
  return set('CI') || set('CONTINUOUS_INTEGRATION');
}
