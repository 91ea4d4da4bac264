import { FakeTtyIn, FakeTtyOut } from './fake-tty.js';
import { countYogaNodes, layoutCounts, watchWebAssembly } from './layout-probe.js';

/** Turns of the event loop with nothing new before a key counts as fully drawn. */
const SETTLE_TURNS = 3;

const turn = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function transcript() {
  const { splitLines } = await import('../src/trace/lines.js');
  const { transcriptTimeline } = await import('../src/trace/play-timeline.js');
  const { generateSession } = await import('./generate-session.js');
  const { timeline } = transcriptTimeline(splitLines([...generateSession(10_000)].join('\n')));
  return timeline.steps;
}

export type PlayerCounts = {
  /** React commits (Ink lays out the whole tree at each). */
  readonly commits: number;
  /** Ink output passes (the laid-out tree drawn into lines), and the time they took, ms. */
  readonly passes: number;
  readonly outputTime: number;
  readonly lastPassAt: number;
};

/**
 * The lesson player on a 10,000-message transcript, in Ink as in a terminal: a tty-like stdout
 * (Ink's real path: frames throttled to 30 a second, written through log-update, not
 * ink-testing-library's debug mode), colour on. Import before anything loads Ink: the probe on
 * yoga's WebAssembly memory has to be in place when it loads.
 */
export async function openPlayer(size: { columns: number; rows: number }, start: number) {
  watchWebAssembly();
  const { render } = await import('ink');
  await countYogaNodes();
  // Colour as in a terminal, whatever this process's stdout is (Ink's chalk is this one).
  const { default: chalk } = await import('chalk');
  chalk.level = 1;
  const { createElement } = await import('react');
  const { LessonPlayer } = await import('../src/ui/lesson-player.js');
  const { Themed } = await import('../src/ui/themed.js');
  const steps = await transcript();
  const stdout = new FakeTtyOut(size.columns, size.rows);
  const stdin = new FakeTtyIn();
  const counts = { passes: 0, outputTime: 0, commitsAtLastPass: 0, lastPassAt: 0 };
  const player = createElement(LessonPlayer, {
    lesson: {
      id: 'bench',
      title: { en: 'Bench', zh: '基准' },
      goal: { en: '', zh: '' },
      recap: { en: '', zh: '' },
      steps,
    },
    lang: 'en',
    start,
    autoplay: null,
    onStep: () => {},
    onQuit: () => {},
    quitHint: 'keyQuit',
  });
  const app = render(createElement(Themed, { colour: true }, player), {
    stdout: stdout as unknown as NodeJS.WriteStream,
    stdin: stdin as unknown as NodeJS.ReadStream,
    stderr: new FakeTtyOut(size.columns, size.rows) as unknown as NodeJS.WriteStream,
    exitOnCtrlC: false,
    patchConsole: false,
    onRender: ({ renderTime }) => {
      counts.passes += 1;
      counts.outputTime += renderTime;
      counts.commitsAtLastPass = layoutCounts().layouts;
      counts.lastPassAt = performance.now();
    },
  });
  const now = (): PlayerCounts => ({
    commits: layoutCounts().layouts,
    passes: counts.passes,
    outputTime: counts.outputTime,
    lastPassAt: counts.lastPassAt,
  });

  /** Resolves once every commit has been drawn and no effect has committed again. */
  const settle = async () => {
    let quiet = 0;
    let seen = layoutCounts().layouts + counts.passes;
    while (quiet < SETTLE_TURNS) {
      await turn();
      const latest = layoutCounts().layouts + counts.passes;
      const drawn = layoutCounts().layouts === counts.commitsAtLastPass;
      quiet = latest === seen && drawn ? quiet + 1 : 0;
      seen = latest;
    }
  };
  await settle();
  return { stdin, stdout, count: steps.length, counts: now, settle, unmount: app.unmount };
}
