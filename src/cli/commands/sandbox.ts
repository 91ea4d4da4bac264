import type { Bilingual, Lang } from '../../i18n/lang.js';
import { USAGE_STRINGS } from '../../i18n/usage-strings.js';
import type { Side } from '../../protocol/index.js';
import type { SandboxSession } from '../../sim/sandbox/session.js';
import { lessonProblem } from '../lesson-error.js';
import { importUi, requireTty } from '../terminal.js';
import { UsageError } from '../usage.js';

export type SandboxArgs = {
  readonly era: 'legacy' | 'modern' | undefined;
  readonly side: Side;
  readonly lesson: string | undefined;
  readonly lang: Lang;
  /** Teachers' lesson folders (MCP_SIM_LESSONS, --lessons), searched after the bundled lessons. */
  readonly folders: readonly string[];
};

/**
 * `mcp-sim sandbox`: builds the session (at a lesson's last state with --lesson), then needs a
 * terminal: a lesson that cannot be opened is reported first, terminal or not.
 */
export async function sandboxCommand(args: SandboxArgs): Promise<number> {
  let session: SandboxSession;
  let lesson: { readonly id: string; readonly title: Bilingual } | null = null;
  if (args.lesson !== undefined) {
    // A lesson of the course unchanged since the build is not played again: its steps are the
    // build's, and the sandbox's own referee judges each of them once as it replays them.
    const [{ listLessons, playLesson }, { sandboxAtLesson }] = await Promise.all([
      import('../lesson-source.js'),
      import('../../sim/sandbox/from-lesson.js'),
    ]);
    const opened = await playLesson(args.lesson, await listLessons(args.folders));
    if (!opened.ok) throw lessonProblem(opened.error);
    session = sandboxAtLesson(opened.value, args.side);
    lesson = { id: opened.value.lesson.id, title: opened.value.lesson.scenario.title };
    // The lesson decides the era (where its connection ends); --era may only agree with it.
    if (args.era !== undefined && args.era !== session.era) {
      const era = session.era === 'modern' ? USAGE_STRINGS.eraModern : USAGE_STRINGS.eraLegacy;
      throw new UsageError(USAGE_STRINGS.lessonEraConflict, { word: args.lesson, era });
    }
  } else {
    const { sandboxDefaults } = await import('../../sim/sandbox/peers.js');
    session = sandboxDefaults(args.era ?? 'legacy', args.side);
  }
  requireTty('needsTtySandbox');
  const { runSandbox } = await importUi();
  return runSandbox({
    session,
    lang: args.lang,
    lesson,
  });
}
