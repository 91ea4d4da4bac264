import { Box } from 'ink';
import { useMemo } from 'react';
import { type Lang, tr } from '../i18n/lang.js';
import { LIVE_STRINGS } from '../i18n/live-strings.js';
import { LessonScreen } from './components/lesson-screen.js';
import { LiveStatus } from './components/live-status.js';
import { LiveWaiting } from './components/live-waiting.js';
import { actionsFor, isScroll, type KeyName, keyNames } from './keymap.js';
import { CHROME } from './layout.js';
import { LIVE_KEYS, liveHints } from './live-keys.js';
import type { LiveStore } from './live-store.js';
import {
  LIVE_START,
  type LiveFacts,
  type LiveViewState,
  liveIdle,
  liveReduce,
  shownIndex,
  shownSession,
} from './live-view.js';
import { fitScreen, paneMove } from './screen-fit.js';
import { useFieldTree } from './use-field-tree.js';
import { useKeyRoute } from './use-key-route.js';
import { useKeyRouter } from './use-key-router.js';
import { useLatestState } from './use-latest-state.js';
import { useLiveVersion } from './use-live-version.js';
import { usePaneScroll } from './use-pane-scroll.js';
import { useTerminalSize } from './use-terminal-size.js';

export type LiveAppProps = {
  readonly store: LiveStore;
  /** Where the server listens, for the header and the waiting screen. */
  readonly url: string;
  readonly lang: Lang;
  /** `q`: the caller stops the server and ends the app. */
  readonly onQuit: () => void;
};

/** The store as it is now, seen from one view state (keys act on the latest, not the drawn). */
function factsOf(store: LiveStore, state: LiveViewState): LiveFacts {
  const sessions = store.sessions();
  const ids = sessions.map((s) => s.id);
  const id = shownSession(state, ids);
  return { sessions: ids, count: sessions.find((s) => s.id === id)?.steps.length ?? 0 };
}

/**
 * `serve --http --ui`: the running server's sessions in the lesson screen, growing as envelopes
 * cross the wire. The view follows the newest step of the newest session until the teacher steps
 * back (←, p, g) or picks a session (s); G follows again.
 */
export function LiveApp({ store, url, lang, onQuit }: LiveAppProps) {
  const version = useLiveVersion(store);
  // Keys act on the view the key before them left (a burst such as `?q` comes as one chunk).
  const [view, setView, latestView] = useLatestState<LiveViewState>(LIVE_START);
  const size = useTerminalSize();
  const route = useKeyRouter();
  const fields = useFieldTree();
  useKeyRoute(route, (input, key) => {
    // The field tree takes every key while it is open (`q` and Esc close it, they do not quit).
    const rest: KeyName[] = [];
    for (const name of keyNames(input, key)) {
      if (fields.isOpen()) fields.key(name, Math.max(1, body - CHROME - 6));
      else if (name === 'e' && !view.help) {
        const step = steps[index];
        fields.open(index, step?.message, step?.findings[0]);
      } else rest.push(name);
    }
    const actions = actionsFor(LIVE_KEYS, rest);
    // The panes scroll here, in the view; liveReduce leaves the view state as it is.
    const step = steps[index];
    for (const action of actions) {
      if (action === 'focus' || action === 'focusBack') panes.cycle(action === 'focus' ? 1 : -1);
      if (!isScroll(action) || !step) continue;
      const fit = fitScreen({ step, index, recap: null, lang, ...size, rows: body, mode: 'live' });
      panes.by((focus) => paneMove(fit, focus, action));
    }
    let state = latestView.current;
    let quit = false;
    for (const action of actions) {
      // q closes the help, as Esc and ? do; a second q quits. (The waiting screen shows no help.)
      const helpShown = state.help && factsOf(store, state).count > 0;
      const move = action === 'quit' && helpShown ? 'closeHelp' : action;
      if (move === 'quit') {
        quit = true;
        break;
      }
      state = liveReduce(state, move, factsOf(store, state));
    }
    if (state !== latestView.current) setView(state);
    if (quit) onQuit();
  });

  const sessions = store.sessions();
  const id = shownSession(
    view,
    sessions.map((s) => s.id),
  );
  const position = sessions.findIndex((s) => s.id === id);
  const session = sessions[position] ?? null;
  // A copy per drawn version: the store appends in place, and a view may hold on to what it got.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` says the steps grew
  const steps = useMemo(() => (session ? session.steps.slice() : []), [session, version]);
  const index = shownIndex(view, steps.length);
  const panes = usePaneScroll(`${session?.id ?? ''}:${index}`);
  const notice = store.notice;
  const body = size.rows - (notice === null ? 1 : 2);
  const facts: LiveFacts = { sessions: sessions.map((s) => s.id), count: steps.length };
  const hints = liveHints(lang);
  const idle = liveIdle(view, facts);

  return (
    <Box flexDirection="column">
      <LiveStatus
        following={view.step === null}
        index={index}
        count={steps.length}
        session={
          session ? { number: position + 1, of: sessions.length, id: session.id.slice(0, 8) } : null
        }
        closed={session?.closed ?? false}
        url={url}
        notice={notice}
        lang={lang}
        columns={size.columns}
      />
      {session && steps.length > 0 ? (
        <LessonScreen
          title={tr(LIVE_STRINGS.liveTitle, lang, {
            client: session.client ?? tr(LIVE_STRINGS.unknownClient, lang),
          })}
          steps={steps}
          index={index}
          help={view.help}
          recap={null}
          hints={hints}
          idle={idle}
          lang={lang}
          columns={size.columns}
          rows={body}
          mode="live"
          panes={panes}
          tree={fields.tree}
          keyLine={fields.tree ? fields.status(lang) : null}
        />
      ) : (
        <LiveWaiting
          url={url}
          lang={lang}
          columns={size.columns}
          rows={body}
          hints={hints}
          idle={idle}
        />
      )}
    </Box>
  );
}
